import { Outlet } from "react-router";
import { NavLink } from "#app/components/links";
import type { PageHandle } from "#app/domain/live";
import { requestContext, servicesContext } from "#app/server/runtime/context.server";
import { messageChain } from "#app/server/render/messages.server";
import { pageWords } from "#app/server/render/page-languages.server";
import type { Route } from "./+types/catalog";
import { catalogCategoryPath, PRODUCT_SELECTOR } from "#app/domain/paths";

export const handle: PageHandle = { live: ["categories"] };

export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = context.get(servicesContext);
  const [categories, selector] = await Promise.all([catalog.listCategories(), catalog.getSelector()]);
  // The menu names and links them; the rest of a summary would only lengthen every catalog page.
  return {
    categories: categories.map(({ id, slug, name }) => ({ id, slug, name })),
    selector: selector !== null,
    // The menu's words in the page's language; the categories' names are English until translated.
    words: pageWords("catalogMenu", messageChain(context.get(requestContext).language)),
  };
}

function menuLinkClass({ isActive }: { isActive: boolean }) {
  return `block rounded-md px-3 py-2 text-sm ${
    isActive ? "bg-brand-50 font-semibold text-brand-700" : "text-slate-700 hover:bg-slate-100"
  }`;
}

function CategoryLinks({ categories, selector, words: { text, content } }: Route.ComponentProps["loaderData"]) {
  return (
    <ul className="space-y-1">
      <li>
        <NavLink to="/catalog" end className={menuLinkClass}>
          {text.allProducts}
        </NavLink>
      </li>
      {selector ? (
        <li>
          <NavLink to={PRODUCT_SELECTOR.path} className={menuLinkClass}>
            {text.selector}
          </NavLink>
        </li>
      ) : null}
      {categories.length === 0 ? (
        <li className="px-3 py-2 text-sm text-slate-600">{text.noCategories}</li>
      ) : (
        categories.map((category) => (
          <li key={category.id} {...content}>
            <NavLink to={catalogCategoryPath(category)} className={menuLinkClass}>
              {category.name}
            </NavLink>
          </li>
        ))
      )}
    </ul>
  );
}

/**
 * The catalog's frame: the Categories side menu beside the page. On small screens the menu folds
 * into a native disclosure, which opens and closes without JavaScript and never shifts the layout.
 */
export default function CatalogLayout({ loaderData }: Route.ComponentProps) {
  const { text, lang, dir } = loaderData.words;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 lg:flex lg:gap-8">
      <aside className="mb-6 lg:mb-0 lg:w-60 lg:shrink-0" lang={lang} dir={dir}>
        <details className="rounded-xl border border-slate-200 bg-white lg:hidden">
          <summary className="cursor-pointer px-4 py-3 font-semibold text-slate-900">{text.categories}</summary>
          <nav aria-label={text.categories} className="px-2 pb-3">
            <CategoryLinks {...loaderData} />
          </nav>
        </details>
        <nav
          aria-labelledby="categories-heading"
          className="sticky top-20 hidden rounded-xl border border-slate-200 bg-white p-3 lg:block"
        >
          <h2 id="categories-heading" className="px-3 pb-2 font-semibold text-slate-900">
            {text.categories}
          </h2>
          <CategoryLinks {...loaderData} />
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
