import { Link } from "react-router";
import { Card } from "#app/components/ui";
import type { LiveHandle } from "#app/domain/live";
import { pageTitle } from "#app/domain/site";
import { listInfoItems, type InfoItemView } from "#app/server/info.server";
import type { Route } from "./+types/home";

export const handle: LiveHandle = { live: ["info"] };

export function meta() {
  return [
    { title: pageTitle("AI security cameras") },
    { name: "description", content: "AI-powered security cameras and CCTV systems: products, news and support." },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const [items, user] = await Promise.all([listInfoItems(), context.user()]);
  return { items, isAdmin: Boolean(user) };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { items, isAdmin } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <h1 className="sr-only">Home</h1>
      {items.length === 0 ? (
        isAdmin ? (
          <Card>
            <p className="text-slate-700">
              There are no info items yet. Only admins see this message; it disappears once items are added.
            </p>
          </Card>
        ) : (
          <Card title="Welcome">
            <p className="text-slate-700">
              Thanks for visiting. Check out our{" "}
              <Link to="/catalog" className="text-brand-700 underline">
                products
              </Link>
              .
            </p>
          </Card>
        )
      ) : (
        items.map((item, index) => <InfoItem key={item.id} item={item} eager={index < 2} />)
      )}
    </div>
  );
}

function InfoItem({ item, eager }: { item: InfoItemView; eager: boolean }) {
  const image = item.image ? (
    <img
      src={item.image.url}
      alt={item.heading ?? ""}
      width={item.image.width ?? undefined}
      height={item.image.height ?? undefined}
      loading={eager ? "eager" : "lazy"}
      className="h-auto w-full rounded-lg object-cover"
    />
  ) : null;
  if (item.type === "banner") {
    return (
      <p className="rounded-xl bg-brand-700 px-6 py-4 text-center text-lg font-medium text-white">{item.content}</p>
    );
  }
  if (item.type === "image") return <figure>{image}</figure>;
  return (
    <article className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:flex">
      {image ? <div className="md:w-1/2">{image}</div> : null}
      <div className="space-y-2 p-6 md:flex-1">
        <h2 className="text-xl font-semibold text-slate-900">{item.heading}</h2>
        <p className="whitespace-pre-line text-slate-700">{item.content}</p>
      </div>
    </article>
  );
}
