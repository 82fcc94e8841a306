/**
 * The product spec's fixed texts and fields, checked against the real schemas/ — the one place they are
 * pinned. Every other test reads wording and fields from the schemas (or uses tests/fixtures/project),
 * so an editor's change fails here alone, and each failure says which file and text the spec fixes.
 * A change made on purpose changes the spec too: update the expectation below in the same commit.
 */
import { describe, expect, it } from 'vitest';
import { normalise } from '../../src/components/forms/normalise';
import { checkAnswers, findProblems } from '../../src/components/forms/problems';
import { assessmentForm } from '../../src/generated/forms/assessment';
import { contactForm } from '../../src/generated/forms/contact';
import type { FormDefinition } from '../../src/components/forms/form-definition';
import { signUpForm } from '../../src/generated/forms/sign-up';
import { sampleAnswers } from '../support/sample-answers';

/** The failure message: which file, which fixed text or field, and what to do if the change was meant. */
const fixed = (file: string, section: string, what: string) =>
  `\n${file}: the product spec (section ${section}) fixes ${what}.\nIf you changed this on purpose, the spec changes with it: update this expectation in tests/unit/spec-contract.test.ts in the same commit.\n`;

const titles = (form: FormDefinition, fields: string[]) => fields.map((f) => (form.schema.properties![f] as { title: string }).title);
const options = (form: FormDefinition, field: string) => ((form.schema.properties![field] as { oneOf: { const: string; title: string }[] }).oneOf ?? []).map((o) => o.const);
const requiredOf = (form: FormDefinition) => (form.schema.required ?? []) as string[];

describe('contact form (spec sections 2, 3 and 5)', () => {
  const order = contactForm.uiSchema['ui:order'] as string[];
  const valid = sampleAnswers(contactForm.schema, { email: 'ana@casaverde.org' });
  const problems = (data: Record<string, unknown>) => findProblems(contactForm.schema, contactForm.validators, contactForm.messages, normalise(contactForm.schema, data), order);
  const first = (data: Record<string, unknown>) => problems(data)[0]?.toast;
  /** Which question's rule is found first, apart from its message's words (pinned above, in the messages file). */
  const firstRule = (data: Record<string, unknown>) => (([found]) => found && `${found.field} ${found.keyword}`)(problems(data));

  it('has the four fields, in order, with their labels, all required', () => {
    expect(order, fixed('schemas/contact.ui.json', '2', 'the fields name, email, subject, message in this order')).toEqual(['name', 'email', 'subject', 'message']);
    expect(Object.keys(contactForm.schema.properties!).sort(), fixed('schemas/contact.schema.json', '3', 'the contact_submissions fields name, email, subject, message')).toEqual(['email', 'message', 'name', 'subject']);
    expect(titles(contactForm, order), fixed('schemas/contact.schema.json', '2', 'the labels Full Name, Email Address, Subject, Message')).toEqual(['Full Name', 'Email Address', 'Subject', 'Message']);
    expect(requiredOf(contactForm).sort(), fixed('schemas/contact.schema.json', '5', 'every contact field as required')).toEqual(['email', 'message', 'name', 'subject']);
    expect((contactForm.uiSchema.message as { 'ui:options': { rows: number } })['ui:options'].rows, fixed('schemas/contact.ui.json', '2', 'a Message box of 5 rows')).toBe(5);
  });

  it('offers the seven subjects', () => {
    expect(options(contactForm, 'subject'), fixed('schemas/contact.schema.json', '3 (Enumerations)', 'the seven contact subjects')).toEqual([
      'General Inquiry', 'Service Request', 'Partnership Opportunity', 'Feedback', 'AI Integration Question', 'Course Information', 'Other',
    ]);
  });

  it('says Send Message, and Sending... while busy', () => {
    expect(contactForm.uiSchema['ui:submitButtonOptions'], fixed('schemas/contact.ui.json', '2', 'the button text Send Message')).toEqual({ submitText: 'Send Message' });
    expect(contactForm.uiSchema['ui:busyText'], fixed('schemas/contact.ui.json', '2', 'the busy text Sending...')).toBe('Sending...');
  });

  it.each([
    ['name empty', { name: '' }, 'Full Name is needed.'],
    ['name whitespace only', { name: '   ' }, 'Full Name is needed.'],
    ['email empty', { email: '' }, 'Email Address is needed.'],
    ['email not text@text.text', { email: 'ana@casaverde' }, 'Please enter a real Email Address.'],
    ['no subject', { subject: undefined }, 'Subject is needed.'],
    ['message whitespace only', { message: ' \n ' }, 'Message is needed.'],
  ])('%s reads as the spec says', (_, change, message) => {
    expect(first({ ...valid, ...change }), fixed('schemas/contact.messages.json', '5', `the toast "Needs Info: ${message}"`)).toEqual({ title: 'Needs Info', message });
  });

  it('checks in the spec\'s order: name, email, email pattern, subject, message', () => {
    expect(firstRule({}), fixed('schemas/contact.ui.json', '5', 'name as the first field checked')).toBe('name required');
    expect(firstRule({ name: 'A', email: 'bad' }), fixed('schemas/contact.schema.json', '5', 'the email pattern checked before the subject')).toBe('email pattern');
  });

  it.each(['a@b.co', 'first.last@org.example.org', 'x+tag@d.io'])('accepts the email %s (text, @, text, a dot, text)', (email) => {
    expect(first({ ...valid, email }), fixed('schemas/contact.schema.json', '5', 'the email rule text, an at sign, text, a dot, text')).toBeUndefined();
  });

  it.each(['plain', 'a@b', '@b.co', 'a@.co', 'a b@c.de', 'a@b.', 'a@@b.co'])('refuses the email %s', (email) => {
    expect(first({ ...valid, email })?.message, fixed('schemas/contact.schema.json', '5', 'the email rule text, an at sign, text, a dot, text')).toBe('Please enter a real Email Address.');
  });
});

describe('needs assessment (spec sections 2, 3 and 5)', () => {
  const steps = assessmentForm.steps!;

  it('has four steps with the spec\'s titles and fields', () => {
    expect(steps.map((s) => [s.title, s.fields]), fixed('schemas/assessment.steps.json', '2', 'the four steps, their titles and their fields')).toEqual([
      ['Organization Information', ['organization_name', 'organization_type', 'mission']],
      ['Current Status & Needs', ['current_challenges', 'tech_readiness', 'ai_experience']],
      ['Project & Goals', ['goals', 'timeline', 'team_size', 'budget_range']],
      ['Contact Information', ['contact_name', 'contact_email', 'contact_phone']],
    ]);
  });

  it('requires exactly the fields the spec names; budget, team size and phone are optional', () => {
    expect(requiredOf(assessmentForm).sort(), fixed('schemas/assessment.schema.json', '5', 'the required assessment fields (budget_range, team_size, contact_phone optional)')).toEqual(
      ['ai_experience', 'contact_email', 'contact_name', 'current_challenges', 'goals', 'mission', 'organization_name', 'organization_type', 'tech_readiness', 'timeline'],
    );
  });

  it.each(steps.flatMap((step) => step.fields.filter((f) => (assessmentForm.schema.required as string[]).includes(f)).map((field) => [step.title, field] as const)))(
    '%s: %s missing reads exactly as the spec says',
    (stepTitle, field) => {
      const step = steps.find((s) => s.title === stepTitle)!;
      const problem = checkAnswers(assessmentForm, step, {}).find((p) => p.field === field)!;
      const message = `Please fill out all required fields in the "${stepTitle}" section. The field '${field.replaceAll('_', ' ')}' is required.`;
      expect(problem.toast, fixed('schemas/assessment.messages.json', '5', `the toast "Missing Information: ${message}"`)).toEqual({ title: 'Missing Information', message });
    },
  );

  it('checks the contact email with its own message', () => {
    const step = steps[3]!;
    const [problem] = checkAnswers(assessmentForm, step, { contact_name: 'A', contact_email: 'nope' });
    expect(problem?.toast, fixed('schemas/assessment.messages.json', '5', 'the toast "Invalid Email: Please enter a valid email address."')).toEqual({ title: 'Invalid Email', message: 'Please enter a valid email address.' });
  });

  it('team size is a whole number of at least 0 that defaults to 0', () => {
    const step3 = steps[2]!;
    expect(normalise(assessmentForm.schema, {}).team_size, fixed('schemas/assessment.schema.json', '5', 'team_size defaulting to 0')).toBe(0);
    for (const team_size of [-1, 2.5]) {
      const problems = checkAnswers(assessmentForm, step3, { goals: 'g', timeline: 'asap', team_size });
      expect(problems.map((p) => p.field), fixed('schemas/assessment.schema.json', '5', 'team_size as a whole number of at least 0')).toEqual(['team_size']);
    }
  });

  it('stores the spec\'s option values (experimenting without the old leading space)', () => {
    const expected = {
      organization_type: ['nonprofit', 'small_business', 'social_enterprise', 'other'],
      tech_readiness: ['beginner', 'intermediate', 'advanced'],
      ai_experience: ['none', 'exploring', 'experimenting', 'implementing'],
      timeline: ['asap', '1_3_months', '3_6_months', 'flexible'],
      budget_range: ['under_5k', '5k_10k', '10k_25k', 'over_25k', 'tbd'],
    };
    for (const [field, values] of Object.entries(expected)) {
      expect(options(assessmentForm, field), fixed('schemas/assessment.schema.json', '3 (Enumerations)', `the values of ${field}`)).toEqual(values);
    }
  });

  it('says Submit Assessment, and Submitting... while busy', () => {
    expect(assessmentForm.uiSchema['ui:submitButtonOptions'], fixed('schemas/assessment.ui.json', '2', 'the button text Submit Assessment')).toEqual({ submitText: 'Submit Assessment' });
    expect(assessmentForm.uiSchema['ui:busyText'], fixed('schemas/assessment.ui.json', '2', 'the busy text Submitting...')).toBe('Submitting...');
  });
});

describe('sign-up (spec sections 2 and 5)', () => {
  it('asks for email, password and the profile, all required, and a password of at least 8 characters', () => {
    const order = signUpForm.uiSchema['ui:order'] as string[];
    expect(titles(signUpForm, order), fixed('schemas/sign-up.schema.json', '2', 'the sign-up fields and labels')).toEqual(['Email', 'Password', 'Name', 'Company/Organization', 'Title', 'Phone', 'City', 'State', 'ZIP']);
    expect(requiredOf(signUpForm).sort(), fixed('schemas/sign-up.schema.json', '5', 'every sign-up field as required')).toEqual([...order].sort());
    const complete = sampleAnswers(signUpForm.schema);
    const short = findProblems(signUpForm.schema, signUpForm.validators, signUpForm.messages, { ...complete, password: 'short' }, order);
    expect(short[0]?.toast.message, fixed('schemas/sign-up.messages.json', '5', 'a password of at least 8 characters')).toBe('Password must be at least 8 characters.');
  });
});

describe('submission toasts (spec section 4), now in schemas/forms.json "toasts"', () => {
  it.each([
    ['contact', contactForm, {
      saved: { title: 'Sent!', description: 'Your message has been saved' },
      saveFailed: { title: 'Database Error', description: 'Error saving your message: {error}' },
      notified: { title: 'Email Sent!', description: 'An email has also been sent' },
      notifyFailed: { title: 'Email Error', description: "Your message was saved, but we couldn't send the email. Error: {error}" },
    }],
    ['assessment', assessmentForm, {
      saved: { title: 'Assessment Submitted!', description: 'Your assessment details have been saved' },
      saveFailed: { title: 'Database Submission Error', description: 'There was an error saving your assessment: {error}' },
      notified: { title: 'Notification Sent!', description: 'An email notification regarding your assessment has also been sent' },
      notifyFailed: { title: 'Notification Error', description: "Your assessment was saved, but we couldn't send the email notification. Error: {error}" },
    }],
  ] as const)('the %s form reads as the spec says', (_, form, toasts) => {
    expect(form.toasts, fixed('schemas/forms.json', '4', `the ${form.id} form's four toasts`)).toEqual(toasts);
  });
});
