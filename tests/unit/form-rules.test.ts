import { describe, expect, it } from 'vitest';
import { normalise } from '../../src/components/forms/normalise';
import { findProblems } from '../../src/components/forms/problems';
import { assessmentForm } from '../../src/generated/forms/assessment';
import { contactForm } from '../../src/generated/forms/contact';
import { signUpForm } from '../../src/generated/forms/sign-up';

const contactOrder = ['name', 'email', 'subject', 'message'];
const firstContactProblem = (data: Record<string, unknown>) =>
  findProblems(contactForm.schema, contactForm.validators, contactForm.messages, normalise(contactForm.schema, data), contactOrder)[0]?.toast;

describe('contact form messages (spec section 5, in order)', () => {
  const valid = { name: 'Ana Ruiz', email: 'ana@casaverde.org', subject: 'Feedback', message: 'Hello' };

  it.each([
    ['name empty', { ...valid, name: '' }, 'Full Name is needed.'],
    ['name whitespace only', { ...valid, name: '   ' }, 'Full Name is needed.'],
    ['email empty', { ...valid, email: '' }, 'Email Address is needed.'],
    ['email whitespace only', { ...valid, email: '  ' }, 'Email Address is needed.'],
    ['email not text@text.text', { ...valid, email: 'ana@casaverde' }, 'Please enter a real Email Address.'],
    ['no subject', { ...valid, subject: undefined }, 'Subject is needed.'],
    ['message empty', { ...valid, message: '' }, 'Message is needed.'],
    ['message whitespace only', { ...valid, message: ' \n ' }, 'Message is needed.'],
  ])('%s: "%s"', (_, data, message) => {
    expect(firstContactProblem(data)).toEqual({ title: 'Needs Info', message });
  });

  it('reports the earliest field first when several are wrong', () => {
    expect(firstContactProblem({})?.message).toBe('Full Name is needed.');
    expect(firstContactProblem({ name: 'A', email: 'bad' })?.message).toBe('Please enter a real Email Address.');
    expect(firstContactProblem({ name: 'A', email: 'a@b.co' })?.message).toBe('Subject is needed.');
  });

  it('accepts a complete message, trimmed', () => {
    expect(firstContactProblem(valid)).toBeUndefined();
    expect(normalise(contactForm.schema, { ...valid, name: '  Ana Ruiz ' }).name).toBe('Ana Ruiz');
  });

  it('refuses a subject that is not one of the seven', () => {
    expect(contactForm.schema.properties?.subject).toMatchObject({ oneOf: expect.any(Array) });
    expect(firstContactProblem({ ...valid, subject: 'Spam' })?.title).toBe('Needs Info');
  });
});

describe('email pattern: text, an at sign, text, a dot, text', () => {
  it.each(['a@b.co', 'first.last@org.example.org', 'x+tag@d.io'])('accepts %s', (email) => {
    expect(firstContactProblem({ name: 'A', email, subject: 'Other', message: 'm' })).toBeUndefined();
  });
  it.each(['plain', 'a@b', '@b.co', 'a@.co', 'a b@c.de', 'a@b.', 'a@@b.co'])('refuses %s', (email) => {
    expect(firstContactProblem({ name: 'A', email, subject: 'Other', message: 'm' })?.message).toBe('Please enter a real Email Address.');
  });
});

describe('assessment messages (spec section 5, per step)', () => {
  const steps = assessmentForm.steps!;
  const required = steps.flatMap((step) =>
    step.fields.filter((f) => (step.schema.required as string[]).includes(f)).map((field) => [step.title, field] as const),
  );

  it('requires exactly the fields the spec names, step by step', () => {
    expect(required).toEqual([
      ['Organization Information', 'organization_name'],
      ['Organization Information', 'organization_type'],
      ['Organization Information', 'mission'],
      ['Current Status & Needs', 'current_challenges'],
      ['Current Status & Needs', 'tech_readiness'],
      ['Current Status & Needs', 'ai_experience'],
      ['Project & Goals', 'goals'],
      ['Project & Goals', 'timeline'],
      ['Contact Information', 'contact_name'],
      ['Contact Information', 'contact_email'],
    ]);
  });

  it.each(required)('%s: %s missing reads exactly as the spec says', (stepTitle, field) => {
    const step = steps.find((s) => s.title === stepTitle)!;
    const problems = findProblems(step.schema, step.validators, assessmentForm.messages, {}, step.fields, step.title);
    const problem = problems.find((p) => p.field === field)!;
    expect(problem.toast).toEqual({
      title: 'Missing Information',
      message: `Please fill out all required fields in the "${stepTitle}" section. The field '${field.replaceAll('_', ' ')}' is required.`,
    });
  });

  it('checks the contact email on step 4 with its own message', () => {
    const step = steps[3]!;
    const [problem] = findProblems(step.schema, step.validators, assessmentForm.messages, { contact_name: 'A', contact_email: 'nope' }, step.fields, step.title);
    expect(problem?.toast).toEqual({ title: 'Invalid Email', message: 'Please enter a valid email address.' });
  });

  it('leaves budget, team size and phone optional, and team size defaults to 0', () => {
    const step3 = steps[2]!;
    const data = normalise(step3.schema, { goals: 'Grow', timeline: 'flexible', team_size: undefined });
    expect(data.team_size).toBe(0);
    expect(findProblems(step3.schema, step3.validators, assessmentForm.messages, data, step3.fields, step3.title)).toEqual([]);
    const step4 = steps[3]!;
    expect(findProblems(step4.schema, step4.validators, assessmentForm.messages, { contact_name: 'A', contact_email: 'a@b.co' }, step4.fields)).toEqual([]);
  });

  it('refuses a negative or fractional team size', () => {
    const step3 = steps[2]!;
    for (const team_size of [-1, 2.5]) {
      const problems = findProblems(step3.schema, step3.validators, assessmentForm.messages, { goals: 'g', timeline: 'asap', team_size }, step3.fields, step3.title);
      expect(problems.map((p) => p.field)).toEqual(['team_size']);
    }
  });

  it('stores experimenting without the old leading space', () => {
    const options = (assessmentForm.schema.properties?.ai_experience as { oneOf: { const: string }[] }).oneOf.map((o) => o.const);
    expect(options).toEqual(['none', 'exploring', 'experimenting', 'implementing']);
  });
});

describe('sign-up', () => {
  it('requires every field and a password of at least 8 characters', () => {
    const order = signUpForm.uiSchema['ui:order'] as string[];
    const complete: Record<string, string> = { email: 'a@b.co', password: 'longenough', name: 'N', company: 'C', title: 'T', phone: '555', city: 'X', state: 'CA', zip: '94110' };
    expect(findProblems(signUpForm.schema, signUpForm.validators, signUpForm.messages, complete, order)).toEqual([]);
    const short = findProblems(signUpForm.schema, signUpForm.validators, signUpForm.messages, { ...complete, password: 'short' }, order);
    expect(short[0]?.toast.message).toBe('Password must be at least 8 characters.');
    for (const field of order) {
      const without = Object.fromEntries(Object.entries(complete).filter(([key]) => key !== field));
      expect(findProblems(signUpForm.schema, signUpForm.validators, signUpForm.messages, without, order)[0]?.field).toBe(field);
    }
  });
});
