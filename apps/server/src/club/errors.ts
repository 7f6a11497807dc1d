/**
 * A refused club request: an HTTP status, a code the web app translates (club.errors.<code> in
 * apps/web/src/locales), an English message naming what was wrong, and where (`path`, a field).
 * `params` carries values the translation needs (a date, a name). Nothing was changed.
 */
export class ClubError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
    readonly extra: { readonly path?: string; readonly params?: Readonly<Record<string, string | number>> } = {},
  ) {
    super(message);
  }

  get body() {
    return { error: { code: this.code, message: this.message, ...(this.extra.path ? { path: this.extra.path } : {}), ...(this.extra.params ? { params: this.extra.params } : {}) } };
  }
}

export const clubRefuse = (code: string, message: string, status = 400, extra: ClubError['extra'] = {}): never => {
  throw new ClubError(code, message, status, extra);
};
