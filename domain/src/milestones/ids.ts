declare const versionBrand: unique symbol;
declare const originalBrand: unique symbol;

/**
 * The id of one version of a milestone (the `milestone_id` of the REST requests): each proposal
 * and each edit has its own. A number at run time; the brand only stops the compiler from taking
 * one kind of id for the other.
 */
export type VersionId = number & { readonly [versionBrand]: true };

/**
 * The id of a milestone across all its versions: its first version's id, which names its stream
 * `milestone-<originalId>` (the `original_id` of stored rows, the `milestone_original_id` of
 * webhook bodies).
 */
export type OriginalId = number & { readonly [originalBrand]: true };

/** A version id read at an edge (a request, a stored row) where it is known to be one. */
export const asVersionId = (id: number): VersionId => id as VersionId;

/** An original id read at an edge (a stored row, a stream name) where it is known to be one. */
export const asOriginalId = (id: number): OriginalId => id as OriginalId;

/** A milestone's first version has the milestone's own id: proposing it names both. */
export const firstVersionOf = (originalId: OriginalId): VersionId => asVersionId(originalId);
