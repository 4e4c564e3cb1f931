/** Input rules of the app's forms: mainland mobile numbers (strict and loose) and digit-only codes. */

/** Mainland mobile number: 11 digits, first 1, second 3 to 9. */
export function isMobilePhone(value: string): boolean {
  return /^1[3-9]\d{9}$/.test(value);
}

/** The looser variant some forms use: the second digit one of 3, 4, 5, 7, 8, 9. */
export function isMobilePhoneLoose(value: string): boolean {
  return /^1[345789]\d{9}$/.test(value);
}

/** A non-empty string of the digits 0-9 only. */
export function isDigits(value: string): boolean {
  return /^[0-9]+$/.test(value);
}
