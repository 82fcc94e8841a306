/**
 * The order a form's questions are shown and read in, from its "ui:order". As in React JSON Schema
 * Form, "*" stands for every question the list does not name, in schema order, at the place of the "*";
 * questions left out of a list without "*" follow at the end. The form, the staff email, /staff and the
 * CSV export all lay answers out in this order.
 */
export function fieldOrder(fields: readonly string[], uiOrder: readonly string[] | undefined): string[] {
  if (!uiOrder) return [...fields];
  const named = uiOrder.filter((field) => fields.includes(field));
  const rest = fields.filter((field) => !named.includes(field));
  const star = uiOrder.indexOf('*');
  if (star < 0) return [...named, ...rest];
  const before = uiOrder.slice(0, star).filter((field) => fields.includes(field));
  return [...before, ...rest, ...named.slice(before.length)];
}
