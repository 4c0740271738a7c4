import { isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";

/** A phone number as a person types it ("099 123 4567", "+34 612 34 56 78") -> E.164, or null when it is not a number. */
export const toE164 = (typed: string, region: string): string | null => {
  const parsed = parsePhoneNumberFromString(typed, region as CountryCode);
  return parsed?.isValid() ? parsed.number : null;
};

/** A region code libphonenumber knows ("EC", "ES"): PHONE_REGION is checked at start. */
export const isPhoneRegion = (region: string): boolean => isSupportedCountry(region);

export const PHONE_INVALID = "El teléfono no es un número válido (p. ej. 099 123 4567 o +593 99 123 4567)";
