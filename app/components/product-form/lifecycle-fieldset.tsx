import type { FieldMetadata } from "@conform-to/react";
import { useState } from "react";
import { SelectInput, TextInput } from "#app/components/forms";
import { ProductPicker } from "#app/components/product-picker";
import { LIFECYCLE_STAGE_NAMES, LIFECYCLE_STAGES, type LifecycleStage } from "#app/domain/lifecycle-stages";
import type { ProductModelMatch } from "#app/domain/product-models";

/**
 * A product's lifecycle (decision 072): its stage, and for one no longer sold as usual its days and
 * recommended replacements. The days stay in the form (hidden) while it is active: nothing typed is
 * lost by choosing another stage and back; an active product keeps none of them when saved.
 */
export function LifecycleFieldset({
  fields,
  productId,
  replacements,
  hasOtherProducts,
}: {
  fields: {
    lifecycle: FieldMetadata<string>;
    endOfSaleOn: FieldMetadata<string>;
    discontinuedOn: FieldMetadata<string>;
    firmwareUntil: FieldMetadata<string>;
    repairsUntil: FieldMetadata<string>;
    replacementIds: FieldMetadata<string[]>;
  };
  productId?: string;
  replacements: ProductModelMatch[];
  hasOtherProducts: boolean;
}) {
  const [stage, setStage] = useState<LifecycleStage>(
    LIFECYCLE_STAGES.find((known) => known === fields.lifecycle.initialValue) ?? "active",
  );
  return (
    <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">Lifecycle</legend>
      <SelectInput
        meta={fields.lifecycle}
        label="Lifecycle stage"
        onChange={(event) => setStage(LIFECYCLE_STAGES.find((known) => known === event.target.value) ?? "active")}
      >
        {LIFECYCLE_STAGES.map((known) => (
          <option key={known} value={known}>
            {LIFECYCLE_STAGE_NAMES[known]}
          </option>
        ))}
      </SelectInput>
      <div hidden={stage === "active"} className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            meta={fields.endOfSaleOn}
            type="date"
            label="End of sale"
            hint={stage === "end-of-sale" ? "The last day it is sold." : "Optional: the last day it was sold."}
          />
          <div hidden={stage !== "discontinued"}>
            <TextInput meta={fields.discontinuedOn} type="date" label="Discontinued on" />
          </div>
          <TextInput meta={fields.firmwareUntil} type="date" label="Firmware updates until" hint="Optional." />
          <TextInput meta={fields.repairsUntil} type="date" label="Repairs until" hint="Optional." />
        </div>
        <ProductPicker
          picks="replacements"
          productId={productId}
          initial={replacements}
          hasOtherProducts={hasOtherProducts}
          errors={fields.replacementIds.errors}
          errorId={fields.replacementIds.errorId}
        />
      </div>
    </fieldset>
  );
}
