/**
 * A locale code's language in words ("fr" → "French", or "français" read in French): the
 * code itself where the runtime does not know it.
 */
export const languageName = (locale: string, inLocale = locale) => {
  try {
    const tag = locale.replace("_", "-");
    return new Intl.DisplayNames([inLocale.replace("_", "-")], { type: "language" }).of(tag) ?? locale;
  } catch {
    return locale;
  }
};
