// The size row buttons of the add and edit product forms, without JavaScript: the form is sent back with its
// rows changed and everything typed kept (nothing is stored; the photos must be chosen again).
import { data } from "react-router";
import { valuesReply } from "#app/lib/form-reply.server.ts";
import {
  applySizeAction,
  SIZE_ACTION_FIELD,
  sizeRowsOf,
  withSizeRows,
} from "#app/modules/inventory/shared/size-rows.ts";

/** The reply for a row button, or null when the form was not sent by one. */
export function sizeRowsReply(fields: Map<string, string>) {
  const action = fields.get(SIZE_ACTION_FIELD);
  if (action === undefined) return null;
  const rows = applySizeAction(sizeRowsOf(fields), action) ?? sizeRowsOf(fields);
  return data(valuesReply(withSizeRows(fields, rows)), { status: 200 });
}
