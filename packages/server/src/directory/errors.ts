export interface DirectoryDataErrorParameters {
  /** The listings file or image file the problem is in. */
  file: string
  /** The id (or, when the id itself is bad, the key) of the listing at fault. */
  listingId?: string | undefined
  /** Dotted path of the bad field inside the listing, e.g. `mobile.native` or `chains[2]`. */
  field?: string | undefined
  cause?: unknown
}

/**
 * A directory dataset that cannot be imported. The message names the file and, for a bad listing, its id
 * and the field, so whoever edits the dataset knows where to look.
 *
 * @example
 * try { await readSnapshot('listings.json') } catch (e) { if (e instanceof DirectoryDataError) log(e.field) }
 */
export class DirectoryDataError extends Error {
  override name = 'DirectoryDataError'
  readonly file: string
  readonly listingId: string | undefined
  readonly field: string | undefined

  constructor(message: string, parameters: DirectoryDataErrorParameters) {
    super(message, { cause: parameters.cause })
    this.file = parameters.file
    this.listingId = parameters.listingId
    this.field = parameters.field
  }
}
