import { placeholdersIn, type ReplyTemplate } from '../../../form-model/reply-templates.ts';
import type { FormRegistryEntry } from '../../../form-model/generated/form-files.ts';
import type { FormSource } from '../forms.ts';
import { offsetOf, problemAt, SchemaProblem, type JsonPath } from '../json-source.ts';
import { checkShape, repliesShape } from './file-shapes.ts';
import { didYouMean } from './suggest.ts';

/**
 * schemas/<form>.replies.json (docs/decisions/049): the replies staff start from on a submission's page.
 * The form must reach the staff inbox (a "notification" in forms.json); each {question} must be one of its
 * questions; a brace that names none is refused rather than sent to a sender as typed; titles differ.
 * Returns the replies as the site reads them, or null with the problems reported.
 */
export function checkReplies(form: FormSource, entry: FormRegistryEntry | undefined, questions: Record<string, unknown>, problems: SchemaProblem[]): ReplyTemplate[] | null {
  const file = form.replies!;
  const before = problems.length;
  const shape = checkShape(file, repliesShape, 'a replies file');
  problems.push(...shape);
  if (shape.length) return null;
  const problem = (at: JsonPath, sentence: string, target: 'key' | 'value' = 'value') => problems.push(problemAt(file, at, sentence, target));
  if (!entry?.notification) {
    problem([], `replies are sent from the staff inbox, which lists only forms that email staff: give "${form.name}" a "notification" in schemas/forms.json, or remove this file.`);
  }
  const templates = file.json as ReplyTemplate[];
  const known = Object.keys(questions);
  const titles = new Map<string, number>();
  templates.forEach((template, i) => {
    const first = titles.get(template.title.trim().toLowerCase());
    if (first !== undefined) problem([i, 'title'], `"${template.title}" is already the title of reply ${first + 1}: staff pick replies by title, so give each its own.`);
    else titles.set(template.title.trim().toLowerCase(), i);
    for (const part of ['subject', 'body'] as const) {
      const { names, stray } = placeholdersIn(template[part]);
      for (const name of new Set(names)) {
        if (!known.includes(name)) problem([i, part], `names {${name}}, but schemas/${form.name}.schema.json has no such question.${didYouMean(name, known)}`);
      }
      // The line a stray brace is on: inside the string, at the brace itself.
      for (const index of stray) {
        const at = offsetOf(file, [i, part]) + 1 + JSON.stringify(template[part].slice(0, index)).length - 2;
        problems.push(
          new SchemaProblem(file.path, [i, part], `has a "${template[part][index]}" that is not part of a {question}: write the question's name in braces with nothing else inside, like {${known[0] ?? 'name'}}, or leave the brace out.`, { text: file.text, offset: at }),
        );
      }
    }
  });
  return problems.length > before ? null : templates.map(({ title, subject, body }) => ({ title, subject, body }));
}
