// The panel for the selected node: a section's or lesson's fields, or a topic's type and the fields
// that type may carry (spec 2.3, 2.4), its article language variants and completion criteria (2.5).
import {
  CONTENT_BEARING_TOPIC_TYPES,
  SHELL_TOPIC_TYPES,
  TOPIC_TYPES,
  type TopicType,
} from '#contract/enums.ts';
import { topicFieldsFor } from '#contract/topic-fields.ts';
import { Lesson, Section, Topic } from '#contract/schemas/course-create.ts';
import { changeTopicType, isTreeDraft, type TopicNode, type TreeNode } from '#compiler/index.ts';
import { Field } from '../../../components/ui/field.tsx';
import { TOPIC_CONTENT_LABELS, TOPIC_TYPE_LABELS } from '../../../lib/labels.ts';
import type { EditorStore } from '../state/editor-store.ts';
import { displayTitle, KIND_WORD } from '../tree/node-names.ts';
import { isHiddenSection } from '../tree/commands/outline-edits.ts';
import { CompletionCriteriaEditor, LanguagesEditor } from './topic-extras.tsx';
import { NodeForm } from './node-form.tsx';

const BEARING = TOPIC_CONTENT_LABELS;
const isBearing = (type: TopicType) => type in CONTENT_BEARING_TOPIC_TYPES;
const SEPARATE = ['title', 'type', 'languages', 'courseCompletionCriteria'];

export function NodePanel({ store, node }: { store: EditorStore; node: TreeNode }) {
  return (
    <section className="node-panel" aria-labelledby="node-panel-title">
      <h2 id="node-panel-title" className="editor-panel__title">
        {KIND_WORD[node.kind]}: {displayTitle(node)}
      </h2>
      {node.serverId ? (
        <p className="field__hint">
          Saved as <span className="mono">{node.serverId}</span>
        </p>
      ) : (
        <p className="field__hint">New: created when you apply</p>
      )}
      {isHiddenSection(node) ? (
        <p className="field__hint">
          Hidden from learners: its release date is 31 December 9999, so they never reach it.
        </p>
      ) : null}
      {node.kind === 'section' ? (
        <NodeForm
          key={node.clientId}
          store={store}
          node={node}
          schema={Section}
          fields={['title', 'releaseDate']}
        />
      ) : null}
      {node.kind === 'lesson' ? (
        <NodeForm
          key={node.clientId}
          store={store}
          node={node}
          schema={Lesson}
          fields={['title', 'openType']}
        />
      ) : null}
      {node.kind === 'topic' ? <TopicPanel store={store} node={node} /> : null}
    </section>
  );
}

function TopicPanel({ store, node }: { store: EditorStore; node: TopicNode }) {
  const fields = topicFieldsFor(node.type).filter((f) => !SEPARATE.includes(f));
  const id = node.clientId;
  return (
    <>
      <Field
        label="Topic type"
        hint={`${
          isBearing(node.type)
            ? `Its content is sent through the API: ${BEARING[node.type]}.`
            : 'A shell: created empty and configured later in the authoring interface.'
        } Changing the type drops fields the new type cannot carry.`}
      >
        {(control) => (
          <select
            {...control}
            className="input"
            value={node.type}
            onChange={(event) => {
              const type = event.currentTarget.value as TopicType;
              store.edit((d) => (isTreeDraft(d) ? changeTopicType(d, id, type) : d));
            }}
          >
            <optgroup label="With content sent through the API">
              {TOPIC_TYPES.filter(isBearing).map((type) => (
                <option key={type} value={type}>
                  {TOPIC_TYPE_LABELS[type]}
                </option>
              ))}
            </optgroup>
            <optgroup label="Empty shells, set up later in the authoring interface">
              {SHELL_TOPIC_TYPES.map((type) => (
                <option key={type} value={type}>
                  {TOPIC_TYPE_LABELS[type]}
                </option>
              ))}
            </optgroup>
          </select>
        )}
      </Field>
      <NodeForm
        key={`${id}:${node.type}`}
        store={store}
        node={node}
        schema={Topic}
        fields={['title', ...fields]}
        multiline={['body', 'preTextBlock', 'postTextBlock']}
      />
      {node.type === 'article' ? <LanguagesEditor store={store} node={node} /> : null}
      <CompletionCriteriaEditor store={store} node={node} />
    </>
  );
}
