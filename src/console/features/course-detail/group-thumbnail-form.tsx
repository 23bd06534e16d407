// Replace the catalog thumbnail: an update with `asset`, fetched upstream by a background job that the
// jobs tray then follows. The form is there at once; what sends it (thumbnail-send.ts, with the toasts)
// loads after the page's first content, or with the first send.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { z } from '#contract/zod.ts';
import { CourseGroupUpdate } from '#contract/schemas/course-update.ts';
import { lateModule, usePreloadAfterFirstContent } from '../../components/late-component.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ErrorState } from '../../components/ui/error-state.tsx';
import { Field } from '../../components/ui/field.tsx';

const ThumbnailSend = lateModule(() => import('./thumbnail-send.ts'));

const ThumbnailInput = z.required(z.pick(CourseGroupUpdate, { asset: true, assetAltText: true }), {
  asset: true,
});

export function GroupThumbnailForm({
  groupId,
  title,
  current,
}: {
  groupId: string;
  title: string;
  current: string | null;
}) {
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  usePreloadAfterFirstContent(ThumbnailSend);
  const mutation = useMutation({
    mutationFn: async (input: { asset: string; assetAltText: string }) => {
      const { replaceThumbnail } = await ThumbnailSend.preload();
      await replaceThumbnail(queryClient, { id: groupId, title }, input, () => {
        setUrl('');
        setAlt('');
      });
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ThumbnailInput.safeParse({ asset: url.trim(), assetAltText: alt });
    if (!parsed.success || !parsed.data.asset) {
      setFieldError('Enter the http(s) URL of a PNG, JPEG or GIF image.');
      return;
    }
    setFieldError(undefined);
    mutation.mutate({ asset: parsed.data.asset, assetAltText: parsed.data.assetAltText ?? '' });
  };

  return (
    <section className="card" aria-labelledby="thumbnail-heading">
      <h2 className="card__title" id="thumbnail-heading">
        Catalog thumbnail
      </h2>
      <p className="card__hint">
        {current ? (
          <>
            Current: <span className="mono break">{current}</span>
          </>
        ) : (
          'No thumbnail yet.'
        )}
      </p>
      <form className="stack" onSubmit={submit} noValidate>
        <Field
          label="Image URL"
          hint="Recommended 800×385; fetched by a background job."
          error={fieldError}
        >
          {(control) => (
            <input
              {...control}
              className="input"
              type="url"
              inputMode="url"
              value={url}
              onChange={(event) => setUrl(event.target.value)}
            />
          )}
        </Field>
        <Field label="Alt text">
          {(control) => (
            <input
              {...control}
              className="input"
              value={alt}
              onChange={(event) => setAlt(event.target.value)}
            />
          )}
        </Field>
        {mutation.isError ? <ErrorState compact error={mutation.error} title="Not saved" /> : null}
        <Button type="submit" pending={mutation.isPending}>
          Replace thumbnail
        </Button>
      </form>
    </section>
  );
}
