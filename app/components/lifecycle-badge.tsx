import type { LifecycleStage } from "#app/domain/lifecycle-stages";
import type { PartMessages } from "#app/messages/en";

/** A listed product's stage when it is no longer sold as usual ("Discontinued"), under its model. */
export function LifecycleBadge({
  stage,
  text,
}: {
  stage: Exclude<LifecycleStage, "active"> | undefined;
  text: Pick<PartMessages<"listing">, "endOfSale" | "discontinued">;
}) {
  return stage ? (
    <p className="text-xs font-semibold uppercase tracking-wide text-amber-800">
      {stage === "discontinued" ? text.discontinued : text.endOfSale}
    </p>
  ) : null;
}
