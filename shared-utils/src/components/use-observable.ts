// Follows an RxJS stream in React. The first render already shows the stream's current value when it
// has one (our streams are BehaviorSubject-backed), so there is no flash of the initial value.
import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

function currentValue<T>(source: Observable<T>, initial: T): T {
  let value = initial;
  source.subscribe((next) => (value = next)).unsubscribe();
  return value;
}

export function useObservable<T>(source: Observable<T>, initial: T): T {
  const [state, setState] = useState(() => ({ source, value: currentValue(source, initial) }));
  useEffect(() => {
    const subscription = source.subscribe((value) => setState({ source, value }));
    return () => subscription.unsubscribe();
  }, [source]);
  // a new source: its current value until the effect above subscribes to it
  return state.source === source ? state.value : currentValue(source, initial);
}
