import { LIFECYCLE_STAGE_NAMES, type LifecycleStage } from "#app/domain/lifecycle-stages";

/** A listed product's stage when it is no longer sold as usual ("Discontinued"), under its model. */
export function LifecycleBadge({ stage }: { stage: Exclude<LifecycleStage, "active"> | undefined }) {
  return stage ? (
    <p className="text-xs font-semibold uppercase tracking-wide text-amber-800">{LIFECYCLE_STAGE_NAMES[stage]}</p>
  ) : null;
}
