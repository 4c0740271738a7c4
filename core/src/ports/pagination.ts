/** One page of a list that grows without bound (DESIGN.md section 11): newest first, with the total. */
export interface PageRequest {
  /** 1-based */
  readonly page: number;
  readonly pageSize: number;
}

export interface Page<T> {
  readonly items: readonly T[];
  /** every item the list holds, over all pages */
  readonly total: number;
  readonly page: number;
  readonly pageSize: number;
}
