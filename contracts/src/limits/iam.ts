// Lengths the IAM forms check before the server does.
export const PERSON_NAME_MAX = 100;
export const EMAIL_MAX = 320;
export const ROLE_NAME_MAX = 60;
export const ROLE_DESCRIPTION_MAX = 300;
