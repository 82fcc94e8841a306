/**
 * The storage server's errors: HTTP 400 whatever went wrong (its own code only in the body's string
 * `statusCode`, which storage-js reads), as supabase/storage's storage-error.ts answers.
 */
export class StorageError extends Error {
  constructor(
    readonly statusCode: string,
    readonly code: string,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
  get body() {
    return { statusCode: this.statusCode, code: this.code, error: this.error, message: this.message };
  }
}

export const noSuchKey = () => new StorageError('404', 'NoSuchKey', 'not_found', 'Object not found');
export const noSuchBucket = () => new StorageError('404', 'NoSuchBucket', 'Bucket not found', 'Bucket not found');
export const invalidKey = (name: string) => new StorageError('400', 'InvalidKey', 'InvalidKey', `Invalid key: ${name}`);
export const invalidRequest = (message: string) => new StorageError('400', 'InvalidRequest', 'Invalid Request', message);
export const invalidJwt = (message: string) => new StorageError('400', 'InvalidJWT', 'InvalidJWT', message);
export const accessDenied = (message: string) => new StorageError('403', 'AccessDenied', 'Unauthorized', message);
