import { TextLink } from "#app/components/ui";
import { dashboardProductPath } from "#app/domain/paths";
import type { CategoryProduct } from "#app/domain/forms/category";

/** The category's products, each a link to its dashboard page: on the category's page and in a refused delete. */
export function ProductLinks({ products, label }: { products: CategoryProduct[]; label: string }) {
  return (
    <ul className="list-disc pl-5" aria-label={label}>
      {products.map((product) => (
        <li key={product.id}>
          <TextLink to={dashboardProductPath(product.id)} weight="medium">
            {product.model}
          </TextLink>
        </li>
      ))}
    </ul>
  );
}
