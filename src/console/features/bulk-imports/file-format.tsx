// What an import file holds, field by field, for admins. Where the format comes from (the sandbox's
// OpenAPI document; the spec shows none) is told in docs/guides/admins.md#bulk-imports-imports-admins.
import { ScrollBox } from '../../components/scroll-box.tsx';
import type { ImportTarget } from './import-choices.ts';

interface FieldDoc {
  name: string;
  required: boolean;
  meaning: string;
}

const SESSION_FIELDS: readonly FieldDoc[] = [
  {
    name: 'startDate',
    required: true,
    meaning: 'When the session starts (ISO 8601, e.g. 2031-01-10T16:00:00Z).',
  },
  { name: 'endDate', required: false, meaning: 'When it ends.' },
  { name: 'sku', required: false, meaning: 'A SKU, unique on the instance.' },
  {
    name: 'priceInCents',
    required: false,
    meaning: 'Price in cents, 0 to 99999999 (4900 is $49.00).',
  },
  { name: 'enrollmentLimit', required: false, meaning: 'Seats, a whole number above 0.' },
  { name: 'status', required: false, meaning: 'draft (the default) or published.' },
  { name: 'location', required: false, meaning: 'In-person events: where it takes place.' },
  { name: 'meetingUrl', required: false, meaning: 'Webinars: the meeting link (http or https).' },
];

export const FIELD_DOCS: Record<ImportTarget, readonly FieldDoc[]> = {
  courseGroup: [
    { name: 'title', required: true, meaning: 'Title of the new course group and of its session.' },
    {
      name: 'description',
      required: false,
      meaning: 'Catalog description, at most 5,000 characters.',
    },
    ...SESSION_FIELDS,
  ],
  session: [
    {
      name: 'courseGroupId',
      required: true,
      meaning: 'The course group the session joins: an existing group of the same kind.',
    },
    {
      name: 'title',
      required: false,
      meaning: 'Title of the session; the group title and the date when empty.',
    },
    ...SESSION_FIELDS,
  ],
};

export function FileFormat({ target }: { target: ImportTarget }) {
  return (
    <section className="card" aria-labelledby="format-heading">
      <h2 className="card__title" id="format-heading">
        File format
      </h2>
      <p className="card__hint">
        A file is a list of rows (JSON) with the fields below. Here you may also type or paste the
        rows as CSV, with these names in the header row.
      </p>
      <ScrollBox label="Fields of one row">
        <table className="table">
          <caption className="visually-hidden">Fields of one row</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Required</th>
              <th scope="col">Meaning</th>
            </tr>
          </thead>
          <tbody>
            {FIELD_DOCS[target].map((field) => (
              <tr key={field.name}>
                <td className="mono">{field.name}</td>
                <td>{field.required ? 'Yes' : 'No'}</td>
                <td>{field.meaning}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      <p className="card__hint">
        A file with any bad row imports nothing: the job fails and says which rows.
      </p>
    </section>
  );
}
