import { Card } from "@/components/ui/card";
import {
  captionGalleryImageAction,
  createSpaceGalleryAction,
  deleteGalleryImageAction,
  linkSpaceKnowledgeAction,
  moveGalleryImageAction,
  uploadGalleryImagesAction,
} from "@/lib/portal/actions/space-knowledge";
import type { spaceKnowledgeData } from "@/lib/portal/loaders/space-knowledge";
import { SpaceFacts, SpacePhotos } from "./space-facts";
import { CaptionForm, CreateGalleryButton, LinkKnowledgeForm, PhotoButton, UploadPhotosForm } from "./space-knowledge-forms";

type Data = Awaited<ReturnType<typeof spaceKnowledgeData>>;

/** The space page's card: what customers read and see about the space, and (for planners) where it comes from. */
export const SpaceKnowledgeCard = ({
  accountId,
  space,
  data,
}: {
  accountId: number;
  space: { id: string; name: string; knowledgebase_id: number | null; gallery_knowledgebase_id: number | null };
  data: Data;
}) => {
  const galleryId = space.gallery_knowledgebase_id;
  const editing = data.canEditGallery && galleryId !== null;
  return (
    <Card title="Facts and photos" description="What customers read and see about this space, on their quote page too.">
      <div className="space-y-6">
        {data.shown ? (
          <div className="space-y-4">
            {editing ? null : <SpacePhotos photos={data.shown.photos} name={space.name} />}
            <SpaceFacts articles={data.shown.articles} />
          </div>
        ) : (
          <p className="text-sm text-slate-600">No published facts or photos yet.</p>
        )}
        {data.canLink ? (
          <LinkKnowledgeForm
            // A gallery made for the space since the form was drawn must show as chosen.
            key={galleryId ?? "none"}
            action={linkSpaceKnowledgeAction.bind(null, accountId, space.id)}
            categories={data.categories}
            galleries={data.galleries}
            knowledgebaseId={space.knowledgebase_id}
            galleryId={galleryId}
          />
        ) : null}
        {data.canLink && galleryId === null ? <CreateGalleryButton action={createSpaceGalleryAction.bind(null, accountId, space.id)} /> : null}
        {editing ? (
          <section aria-labelledby="gallery-heading" className="space-y-3">
            <h3 id="gallery-heading" className="text-sm font-semibold text-slate-900">
              Photos ({data.photos.length})
            </h3>
            <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {data.photos.map((photo, index) => (
                <li key={photo.id} className="space-y-2 rounded-lg border border-slate-200 p-2">
                  {/* A signed link to our own storage. */}
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img src={photo.path} alt={photo.caption ?? photo.fileName} className="aspect-[4/3] w-full rounded-md bg-slate-100 object-cover" />
                  <CaptionForm
                    id={`caption-${photo.id}`}
                    label={`Caption of photo ${index + 1}`}
                    caption={photo.caption}
                    action={captionGalleryImageAction.bind(null, accountId, space.id, galleryId, photo.id)}
                  />
                  <div className="flex gap-2">
                    {index > 0 ? (
                      <PhotoButton label="←" title={`Move photo ${index + 1} earlier`} action={moveGalleryImageAction.bind(null, accountId, space.id, galleryId, photo.id, "earlier")} />
                    ) : null}
                    {index < data.photos.length - 1 ? (
                      <PhotoButton label="→" title={`Move photo ${index + 1} later`} action={moveGalleryImageAction.bind(null, accountId, space.id, galleryId, photo.id, "later")} />
                    ) : null}
                    <PhotoButton danger label="Remove" title={`Remove photo ${index + 1}`} action={deleteGalleryImageAction.bind(null, accountId, space.id, galleryId, photo.id)} />
                  </div>
                </li>
              ))}
            </ol>
            <UploadPhotosForm action={uploadGalleryImagesAction.bind(null, accountId, space.id, galleryId)} />
          </section>
        ) : null}
      </div>
    </Card>
  );
};
