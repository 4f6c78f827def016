// The header of a page: optional breadcrumbs, a title, a name (e.g. the plant), a
// description hidden on small screens, and the page's actions on the right. It also sets the
// document title from the same title and name, so every page's tab is named like its header.
import type { MouseEvent, ReactNode } from 'react';
import { Breadcrumb, Classes, H1, type BreadcrumbProps } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { navigateToUrl } from 'single-spa';
import type { PageNameKey } from '../manifests/app-manifest';
import { useDocumentTitle } from './document-title';
import './page-header.css';

interface PageHeaderBase {
  breadcrumbs?: BreadcrumbProps[];
  name?: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}

/**
 * A page named in the menu passes its menu label's key (`page`), so the header, the menu and the
 * tab say the same; a page named by its subject (a plant, a device) passes the `title` itself.
 */
export type PageHeaderProps = PageHeaderBase & ({ page: PageNameKey; title?: never } | { page?: never; title: ReactNode });

const textOf = (node: ReactNode): string | undefined => (typeof node === 'string' || typeof node === 'number' ? String(node) : undefined);

/** Breadcrumb links navigate inside the single-spa shell instead of reloading the page. */
function spaLink(crumb: BreadcrumbProps): BreadcrumbProps {
  const { href, onClick } = crumb;
  if (!href || onClick) return crumb;
  return {
    ...crumb,
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      navigateToUrl(href);
    },
  };
}

export function PageHeader({ breadcrumbs, page, title: ownTitle, name, description, children }: PageHeaderProps) {
  const { t } = useTranslation('common');
  const title = page ? t(page) : ownTitle;
  useDocumentTitle(textOf(title), textOf(name));
  return (
    <header className="helio-page-header">
      {breadcrumbs && breadcrumbs.length > 0 && (
        // A plain list of Blueprint crumbs: Blueprint's Breadcrumbs puts its overflow spacer inside the
        // list, which screen readers are told is not a list item.
        <ol className={Classes.BREADCRUMBS}>
          {breadcrumbs.map((crumb, index) => (
            <li key={index}>
              <Breadcrumb {...spaLink(crumb)} current={crumb.current ?? index === breadcrumbs.length - 1} />
            </li>
          ))}
        </ol>
      )}
      <div className="helio-page-header-row">
        <div className="helio-page-header-titles">
          <H1 className="helio-page-header-title">
            {title}
            {name && <span className={`helio-page-header-name ${Classes.TEXT_MUTED}`}>{name}</span>}
          </H1>
          {description && <p className="helio-page-header-description">{description}</p>}
        </div>
        {children && <div className="helio-page-header-actions">{children}</div>}
      </div>
    </header>
  );
}
