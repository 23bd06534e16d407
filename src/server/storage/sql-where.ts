// Builds a parameterized WHERE clause from optional conditions (the console's filtered list queries).
export class SqlWhere {
  private readonly parts: string[] = [];
  readonly params: (string | number)[] = [];

  /** Adds `condition` with its parameters when `when` holds. */
  add(when: boolean, condition: string, ...params: (string | number)[]): this {
    if (when) {
      this.parts.push(condition);
      this.params.push(...params);
    }
    return this;
  }

  get sql(): string {
    return this.parts.length ? `WHERE ${this.parts.join(' AND ')}` : '';
  }
}
