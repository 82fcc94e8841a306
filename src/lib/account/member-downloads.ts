/**
 * Downloading a member's file: a signed link from Supabase Storage, valid for a minute, which the
 * storage policies give only to a member who may read the file (supabase/migrations/20261127210000_*).
 * The link answers with the file as an attachment, so opening it downloads without leaving the page.
 */
import type { MemberFile } from '../../config/site-types';
import { loadBackend } from '../backend/load';
import type { MemberBucket } from './member-buckets';

const LINK_SECONDS = 60;


/** Why a file could not be had, in the member's words. */
function reason(bucket: MemberBucket, error: { message: string; statusCode?: string }): string {
  if (error.statusCode === '404' || error.message === 'Object not found') {
    return bucket === 'course-materials' ? 'it is for members enrolled in its course' : 'sign in again, then try once more';
  }
  return error.message;
}

export async function downloadMemberFile(bucket: MemberBucket, file: MemberFile): Promise<void> {
  const client = await loadBackend();
  const saveAs = file.file.slice(file.file.lastIndexOf('/') + 1);
  const { data, error } = await client.storage.from(bucket).createSignedUrl(file.file, LINK_SECONDS, { download: saveAs });
  if (error || !data) throw new Error(reason(bucket, (error ?? { message: 'no link was given' }) as { message: string; statusCode?: string }));
  window.location.assign(data.signedUrl);
}

/** What kind of file it is, from its name: "Spreadsheet (CSV)". */
export function fileKind(file: MemberFile): string {
  const extension = file.file.slice(file.file.lastIndexOf('.') + 1).toLowerCase();
  return { csv: 'Spreadsheet (CSV)', md: 'Document (Markdown)', pdf: 'PDF' }[extension] ?? extension.toUpperCase();
}
