import type { ReactNode } from "react";
import { Alert, Card, TextLink } from "#app/components/ui";

/**
 * What a new-record page shows after a create (it is sent back with `?created=`): the success
 * message, a link to the record and one to an empty form for the next. Every entity shows this one.
 */
export function CreatedScreen({
  title,
  message,
  detailsPath,
  newPath,
  addAnotherLabel,
}: {
  title: string;
  message: ReactNode;
  detailsPath: string;
  newPath: string;
  addAnotherLabel: string;
}) {
  return (
    <Card title={title}>
      <div className="space-y-4">
        <Alert tone="success">{message}</Alert>
        <p className="flex flex-wrap gap-x-6 gap-y-2">
          <TextLink to={detailsPath} weight="semibold">
            View details
          </TextLink>
          <TextLink to={newPath} weight="semibold">
            {addAnotherLabel}
          </TextLink>
        </p>
      </div>
    </Card>
  );
}
