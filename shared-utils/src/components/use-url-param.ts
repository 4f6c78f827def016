// A page's filter kept in its URL's query (?tag=…): a link to the page shows the same list, a reload
// keeps it, and the browser's history is not flooded (each change replaces the entry).
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';

/** The filter's value (null when the URL has none) and a setter; null or '' removes it from the URL. */
export function useUrlParam(name: string): [string | null, (value: string | null) => void] {
  const [params, setParams] = useSearchParams();
  const set = useCallback(
    (value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === null || value === '') next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [name, setParams],
  );
  return [params.get(name), set];
}

/** The URL parameter every tag filter uses (/management/plants, /analytics, /analytics/benchmark, /rc). */
export const TAG_FILTER_PARAM = 'tag';
