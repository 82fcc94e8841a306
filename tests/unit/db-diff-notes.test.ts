/**
 * What `npm run generate` says about the answers already saved, per form: when one run changes questions
 * of several forms, each note starts with its form's table, whatever the table is called.
 */
import { describe, expect, it } from 'vitest';
import { diffStates } from '../../scripts/generate/db-diff';
import type { ColumnState, DbState } from '../../scripts/generate/db-state';

const text = (comment: string, checks: Record<string, string> = {}): ColumnState => ({ type: 'text', notNull: false, default: null, checks, comment });
const form = (table: string, label: string, required: boolean): DbState[string] => ({
  comment: table,
  columns: { answer: text(label, required ? { [`${table}_answer_not_null`]: 'answer is not null' } : {}) },
});

describe('the notes of a run that changes several forms', () => {
  it('start with the table of each, even a table whose name is inside a question\'s label', () => {
    const before: DbState = { x: form('x', 'Phone extension', true), offers: form('offers', 'Offer', true) };
    const after: DbState = { x: form('x', 'Phone extension', false), offers: form('offers', 'Offer', false) };
    expect(diffStates(before, after).notes).toEqual(['x: "Phone extension" is now optional.', 'offers: "Offer" is now optional.']);
  });

  it('name the form of a question when the same run adds another form', () => {
    const before: DbState = { x: form('x', 'Phone extension', true) };
    const notes = diffStates(before, { x: form('x', 'Phone extension', false), events: form('events', 'Event', true) }).notes;
    expect(notes).toContain('x: "Phone extension" is now optional.');
    expect(notes).toContain('New table events: it starts empty.');
  });

  it('say nothing more when one form changes', () => {
    const before: DbState = { x: form('x', 'Phone extension', true), offers: form('offers', 'Offer', true) };
    expect(diffStates(before, { ...before, x: form('x', 'Phone extension', false) }).notes).toEqual(['"Phone extension" is now optional.']);
  });
});
