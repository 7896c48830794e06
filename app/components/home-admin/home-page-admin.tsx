import type { InfoItemRecord } from "#app/domain/forms/info-item";
import { PublicationBadge } from "../publication-badge";
import { LocalTime } from "../local-time";
import { HomeAdminToolbar, InfoItemControls } from "./tools";

/** What admins see instead of the welcome card: the page is empty until they add items. */
function EmptyHomeAdminHint() {
  return (
    <section
      aria-labelledby="no-info-items"
      className="rounded-xl border-2 border-dashed border-brand-500 bg-brand-50 p-6 text-slate-800"
    >
      <h2 id="no-info-items" className="text-lg font-semibold text-slate-900">
        There are no info items yet
      </h2>
      <p className="mt-2">
        Only admins see this message. It disappears once items are added: banners, cards and images show here, newest
        first.
      </p>
    </section>
  );
}

/**
 * The one entry `/` loads lazily (a single React.lazy keeps the public route's chunk small): the
 * toolbar, the empty page's hint, or one item's controls. Only this module is imported lazily; the
 * dashboard imports the tools themselves, so the bundler can put them in one chunk for both.
 */
export default function HomePageAdmin(props: { item: InfoItemRecord } | { part: "toolbar" | "empty-hint" }) {
  if ("item" in props) {
    const { publication } = props.item;
    return (
      <>
        {publication.status === "published" ? null : (
          <p className="flex items-center gap-2 text-sm text-slate-700">
            <PublicationBadge publication={publication} />
            {publication.status === "draft" ? (
              "Visitors do not see this item until it is published."
            ) : (
              <span>
                Will be published on {publication.publishAt ? <LocalTime iso={publication.publishAt} /> : "its date"};
                visitors do not see it until then.
              </span>
            )}
          </p>
        )}
        <InfoItemControls item={props.item} />
      </>
    );
  }
  return props.part === "toolbar" ? <HomeAdminToolbar /> : <EmptyHomeAdminHint />;
}
