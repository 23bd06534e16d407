// Templates saved from this console, as the API answered them (it has no list endpoint): name,
// orientation, courses and id, each one ready to be changed.
import { ScrollBox } from '../../components/scroll-box.tsx';
import { Button } from '../../components/ui/button.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { plural } from '../../lib/format.ts';
import { ORIENTATION_LABELS } from '../../lib/labels/templates.ts';
import type { SavedTemplate } from './template-task.ts';

export function SavedTemplates({
  templates,
  canChange,
  onChange,
}: {
  templates: readonly SavedTemplate[];
  canChange: boolean;
  onChange(template: SavedTemplate): void;
}) {
  return (
    <section className="card" aria-labelledby="saved-heading">
      <h2 className="card__title" id="saved-heading">
        Saved from this console
      </h2>
      {templates.length === 0 ? (
        <EmptyState title="No templates saved in this tab yet">
          Templates you create or change here are listed with their ids.
        </EmptyState>
      ) : (
        <ScrollBox label="Saved templates">
          <table className="table">
            <caption className="visually-hidden">
              Certificate templates saved from this console
            </caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Orientation</th>
                <th scope="col">Courses</th>
                <th scope="col">Id</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {templates.map((template) => (
                <tr key={template.id} data-template={template.id}>
                  <td>{template.name}</td>
                  <td>{ORIENTATION_LABELS[template.orientation]}</td>
                  <td>{plural(template.courseIds.length, 'course')}</td>
                  <td className="mono">{template.id}</td>
                  <td>
                    {canChange ? (
                      <Button size="sm" onClick={() => onChange(template)}>
                        Change<span className="visually-hidden"> {template.name}</span>
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </section>
  );
}
