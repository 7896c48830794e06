import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "#app/components/ui";
import { useHydrated } from "#app/components/use-hydrated";
import { INFO_ITEM_TYPE_NAMES, type InfoActionResult, type InfoItemKind } from "#app/domain/forms/info-item";
import { ItemForm } from "./item-form";

const NEW_BUTTONS: { type: InfoItemKind; label: string }[] = [
  { type: "card", label: "+ NEW CARD" },
  { type: "image", label: "+ NEW IMAGE" },
  { type: "banner", label: "+ NEW BANNER" },
  { type: "slide", label: "+ NEW SLIDE" },
];

/** '+ NEW CARD', '+ NEW IMAGE', '+ NEW BANNER', '+ NEW SLIDE' (the carousel's) and the new-item panel they open. */
export function HomeAdminToolbar() {
  const [open, setOpen] = useState<InfoItemKind | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  // `/` loads these tools lazily: until they hydrate, a click on the server's buttons would be lost.
  const hydrated = useHydrated();
  const close = () => {
    setOpen(null);
    // The panel is gone: give focus back to the button that opened it.
    requestAnimationFrame(() => opener.current?.focus());
  };
  return (
    <section aria-label="Home page admin tools" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <div role="toolbar" aria-label="Add an info item" className="flex flex-wrap gap-2">
        {NEW_BUTTONS.map(({ type, label }) => (
          <Button
            key={type}
            type="button"
            variant="secondary"
            size="sm"
            disabled={!hydrated}
            aria-expanded={open === type}
            aria-controls={open === type ? "new-info-item" : undefined}
            onClick={(event) => {
              opener.current = event.currentTarget;
              setOpen(open === type ? null : type);
            }}
          >
            {label}
          </Button>
        ))}
      </div>
      {open ? (
        <div id="new-info-item">
          <NewItemPanel key={open} type={open} onClose={close} />
        </div>
      ) : null}
    </section>
  );
}

function NewItemPanel({ type, onClose }: { type: InfoItemKind; onClose: () => void }) {
  const fetcher = useFetcher<InfoActionResult>();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const saved = fetcher.state === "idle" && fetcher.data?.status === "saved";
  // After a successful submit the panel closes; opening it again starts from an empty form.
  useEffect(() => {
    if (saved) onClose();
  }, [saved, onClose]);
  const title = `New ${INFO_ITEM_TYPE_NAMES[type].toLowerCase()}`;
  return (
    <div className="rounded-lg border border-brand-200 bg-brand-50 p-4">
      <h2 ref={heading} tabIndex={-1} className="mb-3 text-lg font-semibold text-slate-900 outline-none">
        {title}
      </h2>
      <ItemForm fetcher={fetcher} type={type} mode="create" title={title} submitLabel="Submit" onCancel={onClose} />
    </div>
  );
}
