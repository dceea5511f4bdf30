/** Sign-in roles (contract: `admin`, `manager`, `member`). */
export const ROLES = ['admin', 'manager', 'member'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** Roles that may see and answer alerts. */
export const ALERT_ROLES: readonly Role[] = ['admin', 'manager'];

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;
const EMAIL_MAX_LENGTH = 254;
const NAME_MAX_LENGTH = 200;
const DEPARTMENT_MAX_LENGTH = 100;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** Emails compare case-insensitively and without surrounding blanks. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** What is wrong with an (already normalized) email, or undefined. */
export function emailProblem(email: string): string | undefined {
  if (email.length === 0 || email.length > EMAIL_MAX_LENGTH || CONTROL.test(email) || !/^[^\s@]{1,64}@[^\s@]+$/.test(email)) {
    return `an email is local@domain, at most ${EMAIL_MAX_LENGTH} characters`;
  }
  return undefined;
}

export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `the password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `the password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return undefined;
}

function textProblem(what: string, value: string, max: number): string | undefined {
  if (value.trim().length === 0 || value.length > max || CONTROL.test(value)) return `${what} must be 1 to ${max} characters without control characters`;
  return undefined;
}

export function displayNameProblem(name: string): string | undefined {
  return textProblem('a name', name, NAME_MAX_LENGTH);
}

export function departmentProblem(department: string): string | undefined {
  return textProblem('a department', department, DEPARTMENT_MAX_LENGTH);
}

/** The name a new account gets when none is given: the part of its email before `@`. */
export function defaultDisplayName(email: string): string {
  return email.slice(0, email.indexOf('@'));
}
