import type { FormResults } from './results.ts';
import type { ReplyTemplate } from './reply-templates.ts';

/** A form whose submissions are emailed to staff; generated into ./generated/notification-forms.ts. */
export interface NotificationForm {
  id: string;
  /** The table its submissions are saved in: the function emails the saved row, never a request body. */
  table: string;
  /** The field holding the submitter's email address: the notification's Reply-To. */
  replyTo: string;
  /** The subject, naming answers as {field}; null means "<formType>: <first answer>". */
  subject: string | null;
  /**
   * The sender's own copy ("copyToSender" in forms.json): its subject, and the page's "sent" title and
   * body (what happens next) that head it. Absent: only staff are emailed.
   */
  copyToSender?: { subject: string; title: string; body: string };
  /**
   * Double opt-in ("optIn" in forms.json): the sender's email asks them to confirm the address with a
   * link to the form's page (`page`), and carries a link to unsubscribe; the page shows the buttons.
   */
  optIn?: OptIn;
  /** Answers that are an address to write to or a number to call (the UI's "ui:inputType"), by field: staff get a link. */
  contact?: Record<string, 'email' | 'tel'>;
  /** What the form suggests from its answers (schemas/<form>.results.json), for the sender's account page. */
  results?: FormResults;
  /** The replies staff can start from on a submission's page (schemas/<form>.replies.json). */
  replies?: ReplyTemplate[];
  /** Field names in the order staff read them. */
  order: string[];
  /** Questions the form no longer asks ("ui:widget": "hidden", schemas/README.md): left empty, staff read "Not asked". */
  hidden?: string[];
  /** A wizard's step titles, in order (the steps of its funnel on the staff overview); absent for a one-page form. */
  steps?: string[];
  schema: {
    [keyword: string]: unknown;
    properties?: Record<string, { title?: string; oneOf?: { const: unknown; title: string }[]; [keyword: string]: unknown }>;
  };
}

/** What a double opt-in form says, in its email and on the page its links open (forms.json "optIn"). */
export interface OptIn {
  subject: string;
  title: string;
  body: string;
  confirm: string;
  confirmed: { title: string; body: string };
  unsubscribe: string;
  unsubscribed: { title: string; body: string };
  /** What the page the unsubscribe link opens says above its button. */
  unsubscribeBody: string;
  /** What the page says when a link's sign-up is gone. */
  linkGone: { title: string; body: string };
  /** The form's page, which the links open with ?confirm= or ?unsubscribe= and the token. */
  page: string;
}
