/** A form whose submissions are emailed to staff; generated into ./generated/notification-forms.ts. */
export interface NotificationForm {
  id: string;
  /** The field holding the submitter's email address: the notification's Reply-To. */
  replyTo: string;
  /** Field names in the order staff read them. */
  order: string[];
  schema: {
    [keyword: string]: unknown;
    properties?: Record<string, { title?: string; oneOf?: { const: unknown; title: string }[]; [keyword: string]: unknown }>;
  };
  validate: ((data: unknown) => boolean) & { errors?: { keyword: string; instancePath: string; params: Record<string, unknown> }[] | null };
}
