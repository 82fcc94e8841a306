import Ajv, { type ErrorObject, type SchemaObject } from 'ajv';
import { fromPointer, problemAt, type SchemaProblem, type SourceFile } from '../json-source.ts';
import { didYouMean } from './suggest.ts';

/**
 * The shapes of the files beside the form schemas, as JSON Schemas: every object is closed
 * (additionalProperties: false), so a misspelt key is refused instead of silently ignored.
 */
const nonEmptyText: SchemaObject = { type: 'string', pattern: '\\S', description: 'must be text that is not empty.' };
/** A heading and the sentences under it. */
const headedText: SchemaObject = { type: 'object', additionalProperties: false, required: ['title', 'body'], properties: { title: nonEmptyText, body: nonEmptyText } };

const message: SchemaObject = {
  title: 'FormMessage',
  $comment: 'A toast: what a visitor reads when a form cannot go on. "message" may use {title} (the field\'s label), {name} (its name with spaces) and {step} (the step\'s title).',
  type: 'object',
  additionalProperties: false,
  required: ['title', 'message'],
  properties: { title: nonEmptyText, message: nonEmptyText },
};

/** The rules a field may have its own message for: the keywords the form engine checks. */
export const MESSAGE_KEYWORDS = ['required', 'pattern', 'format', 'minLength', 'maxLength', 'minimum', 'maximum', 'type', 'oneOf'];

export const messagesShape: SchemaObject = {
  title: 'FormMessages',
  $comment: 'schemas/<form>.messages.json: the texts for each kind of problem, overridable per field.',
  type: 'object',
  additionalProperties: false,
  required: ['required'],
  properties: {
    $comment: { type: 'string' },
    required: message,
    fields: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        additionalProperties: false,
        properties: Object.fromEntries(MESSAGE_KEYWORDS.map((keyword) => [keyword, message])),
      },
    },
  },
};

export const stepsShape: SchemaObject = {
  title: 'FormSteps',
  $comment: 'schemas/<form>.steps.json: a wizard\'s steps, in order, each with its title and questions.',
  type: 'array',
  minItems: 1,
  items: {
    title: 'FormStepSource',
    type: 'object',
    additionalProperties: false,
    required: ['title', 'fields'],
    properties: {
      key: {
        type: 'string',
        pattern: '^[a-z][a-z0-9_]*$',
        maxLength: 60,
        description: 'must be lower-case letters, digits and underscores, starting with a letter: the name the funnel counts this step by. npm run generate writes one when it is missing; keep it when the title changes.',
      },
      title: nonEmptyText,
      fields: { type: 'array', minItems: 1, items: { type: 'string' } },
    },
  },
};

const suggestions: SchemaObject = {
  type: 'array',
  minItems: 1,
  uniqueItems: true,
  items: {
    type: 'string',
    description: 'must be the address of a service, course or resource of site.config.ts, like "/services/strategic-planning".',
  },
};

const resultsBecause: SchemaObject = { ...nonEmptyText, description: 'must be the sentence that tells the visitor why, like "You told us your team is new to AI."' };

export const repliesShape: SchemaObject = {
  title: 'FormReplies',
  $comment:
    'schemas/<form>.replies.json: the replies staff can start from on a submission\'s page. {question} in the subject or body puts in the sender\'s answer to that question.',
  type: 'array',
  minItems: 1,
  items: {
    title: 'FormReplySource',
    type: 'object',
    additionalProperties: false,
    required: ['title', 'subject', 'body'],
    properties: {
      $comment: { type: 'string' },
      title: { ...nonEmptyText, maxLength: 80, description: 'must be text that is not empty, at most 80 characters: what staff pick the reply by.' },
      subject: { ...nonEmptyText, maxLength: 150, pattern: '^[^\\r\\n]*\\S[^\\r\\n]*$', description: 'must be one line of text, at most 150 characters, like "Re: {subject}".' },
      body: { ...nonEmptyText, maxLength: 10000, description: 'must be text that is not empty, at most 10,000 characters; \\n starts a new line.' },
    },
  },
};

export const resultsShape: SchemaObject = {
  title: 'FormResults',
  $comment:
    'schemas/<form>.results.json: what a sent form suggests from site.config.ts (services, courses, resources), chosen by rules on its answers; shown after sending and on the member\'s account page.',
  type: 'object',
  additionalProperties: false,
  required: ['title', 'intro', 'rules'],
  properties: {
    $comment: { type: 'string' },
    title: nonEmptyText,
    intro: nonEmptyText,
    rules: {
      type: 'array',
      minItems: 1,
      items: {
        title: 'FormResultRuleSource',
        $comment: 'One rule: when the answers hold ("when", written like an "if" of the schema), suggest these pages, saying why.',
        type: 'object',
        additionalProperties: false,
        required: ['when', 'because', 'suggest'],
        properties: {
          $comment: { type: 'string' },
          when: {
            type: 'object',
            description: 'must be a {...} like the "if" of a conditional question: { "properties": { "tech_readiness": { "const": "beginner" } }, "required": ["tech_readiness"] }.',
          },
          because: resultsBecause,
          suggest: suggestions,
        },
      },
    },
    otherwise: {
      title: 'FormResultsOtherwise',
      $comment: 'What is suggested when no rule holds.',
      type: 'object',
      additionalProperties: false,
      required: ['because', 'suggest'],
      properties: { because: resultsBecause, suggest: suggestions },
    },
  },
};

const toast: SchemaObject = {
  title: 'FormToast',
  type: 'object',
  additionalProperties: false,
  required: ['title', 'description'],
  properties: { title: nonEmptyText, description: nonEmptyText },
};

const sitePath: SchemaObject = {
  type: 'string',
  pattern: '^/[a-z0-9/-]*$',
  description: 'must be an address on this site: a "/" then lower-case letters, digits, dashes and slashes, like "/enrol".',
};

const pagePath: SchemaObject = {
  type: 'string',
  pattern: '^(/[a-z0-9]+(-[a-z0-9]+)*)+$',
  description: 'must be an address on this site: a "/" then words of lower-case letters and digits joined by single dashes, with single slashes between parts and none at the end, like "/enrol" or "/events/register".',
};

const page: SchemaObject = {
  title: 'FormPage',
  $comment: 'A form\'s own page ("page" in schemas/forms.json), shown by the one generic form page.',
  type: 'object',
  additionalProperties: false,
  required: ['path', 'title', 'heading', 'description', 'eyebrow', 'intro', 'formTitle'],
  properties: {
    path: pagePath,
    title: nonEmptyText,
    heading: nonEmptyText,
    description: nonEmptyText,
    eyebrow: nonEmptyText,
    intro: nonEmptyText,
    formTitle: nonEmptyText,
    formIntro: nonEmptyText,
    aside: { type: 'object', additionalProperties: false, required: ['title', 'body'], properties: { title: nonEmptyText, body: nonEmptyText } },
    footnote: {
      type: 'object',
      additionalProperties: false,
      required: ['text', 'link'],
      properties: {
        text: nonEmptyText,
        link: { type: 'object', additionalProperties: false, required: ['label', 'to'], properties: { label: nonEmptyText, to: sitePath } },
      },
    },
    linkedFrom: { type: 'string', description: 'must name a list of site.config.ts\'s optionLists, like "courses".' },
    // Short enough for the header's row at 1366 px and the footer's column: a word or two.
    nav: { type: 'string', minLength: 1, maxLength: 24, pattern: '\\S', description: 'is the label of the page\'s link in the header, after the site\'s own links: a word or two (24 characters at most), like "Events".' },
    footer: { type: 'string', minLength: 1, maxLength: 40, pattern: '\\S', description: 'is the label of the page\'s link in the footer\'s Quick Links, after the site\'s own links (40 characters at most), like "Register for an Event".' },
    sent: {
      type: 'object',
      additionalProperties: false,
      required: ['title', 'body', 'again'],
      description: 'what stays on the page once the form is sent: its "title", what happens next ("body") and the button for another ("again").',
      properties: { title: nonEmptyText, body: nonEmptyText, again: nonEmptyText },
    },
  },
};

export const registryShape: SchemaObject = {
  title: 'FormRegistry',
  $comment: 'schemas/forms.json: every form, by name, and how it maps onto the database and the site.',
  type: 'object',
  minProperties: 1,
  // Words joined by single dashes: a form's name also names its generated code (`courseEnrolmentForm`),
  // which a dash at the end or two in a row would break.
  propertyNames: { pattern: '^[a-z][a-z0-9]*(-[a-z0-9]+)*$', description: 'Form names are lower-case words of letters and digits joined by single dashes, like "course-enrolment" (no dash at the end, never two in a row).' },
  additionalProperties: {
    title: 'FormRegistryEntry',
    type: 'object',
    additionalProperties: false,
    required: ['type', 'table'],
    properties: {
      type: { type: 'string', pattern: '^[A-Z][A-Za-z0-9]*$', description: 'must be a TypeScript type name in CapitalisedWords, like "ContactSubmission".' },
      table: {
        $comment: 'The table a submission of this form is saved in, or null when it is not stored (sign-in).',
        type: ['string', 'null'],
        pattern: '^[a-z][a-z0-9_]{0,62}$',
        description: 'must be null (not stored) or a table name of lower-case letters, digits and underscores, like "contact_submissions".',
      },
      exclude: { type: 'array', items: { type: 'string' }, uniqueItems: true, $comment: 'Fields that never reach the table (the password goes to the auth service only).' },
      ownedByUser: { type: 'boolean', $comment: 'The row belongs to a signed-in user: adds user_id referencing auth.users.' },
      notification: {
        title: 'FormNotification',
        $comment: 'Staff are emailed each submission by send-form-notification under this formType. The subject may name answers as {field} (an option shows its label); by default it is "<formType>: <first answer>".',
        type: 'object',
        additionalProperties: false,
        required: ['formType', 'replyTo'],
        properties: {
          formType: { type: 'string', minLength: 1 },
          replyTo: { type: 'string' },
          subject: { ...nonEmptyText, description: 'must be the email subject, naming answers as {field}, like "Course Enrolment: {course}".' },
          senderName: { type: 'string', description: 'must name the question holding the sender\'s name, shown in the staff inbox.' },
          senderOrganization: { type: 'string', description: 'must name the question holding the sender\'s organization, shown and searched in the staff inbox.' },
          copyToSender: {
            $comment: 'The sender is emailed a copy of their answers too, headed by the page\'s "sent" title and body (what happens next), through the same outbox as the staff email.',
            type: 'object',
            additionalProperties: false,
            required: ['subject'],
            properties: { subject: { ...nonEmptyText, description: 'must be the subject of the sender\'s copy, like "Your message to Keystone Impact Partners".' } },
          },
          optIn: {
            $comment:
              'Double opt-in (a newsletter): the sender is emailed a link to confirm the address instead of a copy, and every email carries a link to unsubscribe. The form\'s page (its "path") shows the confirm and unsubscribe buttons the links open.',
            type: 'object',
            additionalProperties: false,
            required: ['subject', 'title', 'body', 'confirm', 'confirmed', 'unsubscribe', 'unsubscribed', 'unsubscribeBody', 'linkGone'],
            properties: {
              subject: { ...nonEmptyText, description: 'must be the subject of the email that asks to confirm, like "Confirm your subscription".' },
              title: { ...nonEmptyText, description: 'must be the heading of that email and of the page its link opens.' },
              body: { ...nonEmptyText, description: 'must say what confirming means, in the email and on the page.' },
              confirm: { ...nonEmptyText, description: 'must be the confirm button\'s text, like "Confirm my subscription".' },
              confirmed: { ...headedText, description: 'is what the page says once the address is confirmed: a "title" and a "body".' },
              unsubscribe: { ...nonEmptyText, description: 'must be the unsubscribe button\'s and link\'s text, like "Unsubscribe".' },
              unsubscribed: { ...headedText, description: 'is what the page says once the address is unsubscribed: a "title" and a "body".' },
              unsubscribeBody: { ...nonEmptyText, description: 'must say, on the page the unsubscribe link opens, what pressing the button does.' },
              linkGone: { ...headedText, description: 'is what the page says when a link names no sign-up (staff deleted it, or the link was cut short): a "title" and a "body".' },
            },
          },
        },
      },
      options: {
        $comment: 'Questions whose options are a list of site.config.ts (`optionLists`), by field: titles shown, values stored.',
        type: 'object',
        additionalProperties: { type: 'string', description: 'must name a list of site.config.ts\'s optionLists, like "courses".' },
      },
      fromProfile: {
        $comment: 'Questions a signed-in member finds filled in from their profile (the answers of the sign-up form, "ownedByUser"), by field: the profile\'s question each one takes. Only empty questions are filled; the member may change them.',
        type: 'object',
        additionalProperties: { type: 'string', description: 'must name a question of the sign-up form, like "name".' },
      },
      page,
      toasts: {
        title: 'FormToasts',
        $comment: 'What a visitor reads after sending: {error} is replaced by the server\'s explanation.',
        type: 'object',
        additionalProperties: false,
        required: ['saved', 'saveFailed', 'notified', 'notifyFailed'],
        properties: { saved: toast, saveFailed: toast, notified: toast, notifyFailed: toast },
      },
      submittedBy: {
        $comment: 'Who may submit it (a public form): the generator writes the grants and the insert policy.',
        type: 'array',
        minItems: 1,
        uniqueItems: true,
        items: { enum: ['anon', 'authenticated'], description: 'must be "anon" (visitors) or "authenticated" (signed-in people).' },
      },
      limits: {
        title: 'FormLimits',
        $comment: 'Submissions an hour from one email address (the notification\'s replyTo) and from one network address.',
        type: 'object',
        additionalProperties: false,
        properties: {
          perAddressPerHour: { type: 'integer', minimum: 1, description: 'must be a whole number of submissions from one email address an hour, like 5.' },
          perClientPerHour: { type: 'integer', minimum: 1, description: 'must be a whole number of submissions from one network address an hour, like 30.' },
        },
      },
    },
  },
};

const ajv = new Ajv({ allErrors: true, verbose: true, strict: true });

const TYPE_WORDS: Record<string, string> = {
  string: 'text in double quotes',
  object: 'a {...} of names and values',
  array: 'a list [...]',
  boolean: 'true or false',
  null: 'null',
  number: 'a number',
  integer: 'a whole number',
};

/** The shape's own description of what a value must be, when it has one. */
const described = (error: ErrorObject) => String((error.parentSchema as SchemaObject | undefined)?.description ?? '');

/** One plain sentence for an Ajv error about the file's shape. */
function sentence(error: ErrorObject, what: string): { sentence: string; key: boolean; at: (string | number)[] } {
  const at = fromPointer(error.instancePath);
  const name = at.length ? `"${String(at.at(-1))}"` : 'the file';
  switch (error.keyword) {
    case 'additionalProperties': {
      const extra = String(error.params.additionalProperty);
      const allowed = Object.keys((error.parentSchema as SchemaObject).properties ?? {});
      return {
        at: [...at, extra],
        key: true,
        sentence: `"${extra}" is not something ${what} understands here.${didYouMean(extra, allowed)}${allowed.length ? ` Allowed: ${allowed.join(', ')}.` : ''}`,
      };
    }
    case 'required':
      return { at, key: false, sentence: `${name} needs "${String(error.params.missingProperty)}".` };
    case 'type':
      if (described(error)) return { at, key: false, sentence: `${name} ${described(error)}` };
      return { at, key: false, sentence: `${name} must be ${TYPE_WORDS[String(error.params.type)] ?? String(error.params.type)}.` };
    case 'minItems':
      return { at, key: false, sentence: `${name} must not be an empty list.` };
    case 'propertyNames':
      // The rule a name breaks is described on `propertyNames` itself, not on the object it names.
      return { at: [...at, String(error.params.propertyName)], key: true, sentence: `"${String(error.params.propertyName)}" is not a usable name. ${String(((error.parentSchema as SchemaObject | undefined)?.propertyNames as SchemaObject | undefined)?.description ?? '')}` };
    case 'uniqueItems':
      return { at, key: false, sentence: `${name} lists the same entry twice.` };
    default:
      return { at, key: false, sentence: `${name} ${described(error) || `${error.message ?? 'is not valid'}.`}` };
  }
}

/** Checks a file against its shape; every problem comes with its line and a fix. */
export function checkShape(file: SourceFile<unknown>, shape: SchemaObject, what: string): SchemaProblem[] {
  const validate = ajv.compile(shape);
  if (validate(file.json)) return [];
  const seen = new Set<string>();
  const problems: SchemaProblem[] = [];
  // anyOf reports each branch too; its own summary error is enough.
  // A property name's own failure is summed up by its propertyNames error.
  for (const error of (validate.errors ?? []).filter((e) => !('propertyName' in e))) {
    const { at, key, sentence: text } = sentence(error, what);
    const id = `${at.join('/')}|${text}`;
    if (seen.has(id)) continue;
    seen.add(id);
    problems.push(problemAt(file, at, text, key ? 'key' : 'value'));
  }
  return problems;
}
