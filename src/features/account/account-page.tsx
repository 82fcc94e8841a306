import { SignedInPage } from '../../components/signed-in-page';
import type { InternalCourse } from '../../config/site-types';
import { courses, courseSlug, memberResources, paths } from '../../../site.config';
import accountPageIsland from './account.island';

// What an account unlocks comes from site.config.ts as the island's props, so its code does not carry the config.
const courseMaterials = courses
  .filter((c): c is InternalCourse => c.content !== null)
  .map((c) => ({ slug: courseSlug(c), title: c.title, path: c.path, materials: c.materials ?? [] }));

export default function AccountPage({ heading }: { heading: string }) {
  return <SignedInPage heading={heading} island={accountPageIsland} props={{ courses: courseMaterials, coursesPage: paths.courses, memberResources }} size="md" needsScript="Your account needs JavaScript." />;
}
