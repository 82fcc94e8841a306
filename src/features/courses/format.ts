import type { Course } from '../../config/site-types';

export function courseFacts(course: Course): string[] {
  return [
    course.weeks ? `${course.weeks} weeks` : null,
    course.lessons ? `${course.lessons} lessons` : null,
    course.certificate ? 'Certificate on completion' : null,
  ].filter((fact): fact is string => fact !== null);
}
