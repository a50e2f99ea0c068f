import {
  type Property,
  type PropertyKind,
  type PropertyListQuery,
  type PublicListing,
  type PublicListingsQuery,
  roleAllows,
} from '@app/contract';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { keysetAfter } from '../../db/keyset.js';
import { rawRows } from '../../db/raw-rows.js';
import { businessAgents, properties, propertyImages, type StoredFileRow } from '../../db/schema/index.js';
import type { AuthUser } from '../../platform/auth/auth-user.js';
import type { Clock } from '../../platform/clock.js';
import { cursorPart, decodeCursor, pageOf } from '../../platform/http/cursor.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import type { Storage } from '../../platform/storage/storage.js';
import type { BusinessService } from './business-service.js';
import type { ListingForm } from './listing-form.js';
import {
  columnsOf,
  LISTING_COLUMNS,
  type ListingRow,
  SOLD_STATUS_ID,
  toProperty,
} from './property-mapper.js';
import { LISTING_PAGE_COLUMNS, type ListingPageRow, ListingPages } from './property-page-query.js';
import { checkPlace } from './reference-data.js';

const MAX_IMAGES = 10;

/** Houses, buildings and lands of a business: owners manage them, agents see those assigned to them. */
export class PropertyService {
  private readonly pages: ListingPages;

  constructor(
    private readonly db: Db,
    private readonly storage: Storage,
    private readonly businesses: BusinessService,
    private readonly clock: Clock,
  ) {
    this.pages = new ListingPages(db);
  }

  /** A business's listings of one kind in keyset pages (property-page-query.ts): an agent sees theirs. */
  async list(
    userId: string,
    kind: PropertyKind,
    query: PropertyListQuery,
  ): Promise<{ items: Property[]; nextCursor: string | null }> {
    const access = await this.businesses.access(userId, query.business);
    const scope =
      access.role === 'agent' && access.agentId
        ? { agentId: access.agentId }
        : { businessId: query.business };
    const rows = await this.pages.read(scope, kind, query);
    const page = pageOf(rows, query.limit, (entry) => [entry.cursorAt, entry.id]);
    return { items: page.items.map(toProperty), nextCursor: page.nextCursor };
  }

  async add(userId: string, kind: PropertyKind, form: ListingForm): Promise<Property> {
    try {
      await this.businesses.ownerAccess(userId, form.fields.businessID);
      const place = this.place(form);
      const [row] = await this.db
        .insert(properties)
        .values({
          businessId: form.fields.businessID,
          kind,
          ...columnsOf(kind, form.fields, place),
          thumbnailFileId: form.thumbnail?.id ?? null,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      await this.attachImages(row.id, form.images, 0);
      return this.one(row.id);
    } catch (error) {
      await form.discard();
      throw error;
    }
  }

  async update(userId: string, kind: PropertyKind, form: ListingForm): Promise<Property> {
    const stale: StoredFileRow[] = [];
    try {
      if (!form.update) throw badRequest('Choose the listing to update', 'id');
      const businessId = form.fields.businessID;
      await this.businesses.ownerAccess(userId, businessId);
      const existing = await this.owned(businessId, kind, [form.update.id]);
      const current = existing[0];
      if (!current) throw notFound('Listing not found');
      const place = this.place(form);
      const images = await this.db
        .select()
        .from(propertyImages)
        .where(eq(propertyImages.propertyId, current.id));
      const removing = images.filter((image) => form.update?.removeImages.includes(image.fileId));
      const kept = images.length - removing.length;
      if (kept + form.images.length > MAX_IMAGES) {
        throw badRequest(`A listing has at most ${MAX_IMAGES} images; remove some first`);
      }
      for (const image of removing) {
        const file = await this.storage.find(image.fileId);
        if (file) stale.push(file);
      }
      if (form.thumbnail && current.thumbnailFileId) {
        const old = await this.storage.find(current.thumbnailFileId);
        if (old) stale.push(old);
      }
      await this.db
        .update(properties)
        .set({
          ...columnsOf(kind, form.fields, place),
          ...(form.thumbnail ? { thumbnailFileId: form.thumbnail.id } : {}),
          updatedAt: this.clock.now(),
        })
        .where(eq(properties.id, current.id));
      const last = Math.max(-1, ...images.map((image) => image.position));
      await this.attachImages(current.id, form.images, last + 1);
    } catch (error) {
      await form.discard();
      throw error;
    }
    // Replaced photos go only once the listing no longer points at them.
    await Promise.all(stale.map((file) => this.storage.remove(file)));
    return this.one(form.update.id);
  }

  async remove(userId: string, kind: PropertyKind, businessId: string, ids: string[]): Promise<number> {
    await this.businesses.ownerAccess(userId, businessId);
    const rows = await this.owned(businessId, kind, ids);
    const imageRows = await this.db
      .select()
      .from(propertyImages)
      .where(inArray(propertyImages.propertyId, ids));
    const fileIds = [
      ...rows.map((row) => row.thumbnailFileId).filter((id): id is string => Boolean(id)),
      ...imageRows.map((image) => image.fileId),
    ];
    await this.db.delete(properties).where(inArray(properties.id, ids));
    for (const fileId of fileIds) {
      const file = await this.storage.find(fileId);
      if (file) await this.storage.remove(file);
    }
    return rows.length;
  }

  async assign(
    userId: string,
    kind: PropertyKind,
    businessId: string,
    ids: string[],
    agentId: string | null,
  ): Promise<number> {
    await this.businesses.ownerAccess(userId, businessId);
    if (agentId) await this.businesses.findAgent(businessId, agentId);
    await this.owned(businessId, kind, ids);
    await this.db
      .update(properties)
      .set({ agentId, updatedAt: this.clock.now() })
      .where(inArray(properties.id, ids));
    return ids.length;
  }

  /**
   * A business's listings that are not sold, for its public, embeddable page: newest first in keyset
   * pages on (created_at, id) over the partial index real_estate_properties_public_idx. The endpoint
   * is public: a business with a hundred thousand listings must not be one reply to anyone who asks.
   */
  async publicListings(businessId: string, query: PublicListingsQuery, fileUrl: (id: string) => string) {
    const business = await this.businesses.publicBusiness(businessId);
    const after = decodeCursor(query.cursor, [cursorPart.timestamp, cursorPart.uuid]);
    const rows = await rawRows<ListingPageRow>(
      this.db,
      this.db
        .select(LISTING_PAGE_COLUMNS)
        .from(properties)
        .where(
          and(
            eq(properties.businessId, business.id),
            // Written as the index's predicate (a literal), so the planner can use the partial index.
            sql`${properties.statusId} <> ${sql.raw(String(SOLD_STATUS_ID))}`,
            keysetAfter([properties.createdAt, properties.id], after),
          ),
        )
        .orderBy(desc(properties.createdAt), desc(properties.id))
        .limit(query.limit + 1),
    );
    const page = pageOf(rows, query.limit, (row) => [row.cursorAt, row.id]);
    const listings: PublicListing[] = page.items
      .map(toProperty)
      .map(({ agent: _agent, thumbnail, images, ...rest }) => ({
        ...rest,
        thumbnailUrl: thumbnail ? fileUrl(thumbnail) : null,
        imageUrls: images.map(fileUrl),
      }));
    return { business: { id: business.id, name: business.name }, listings, nextCursor: page.nextCursor };
  }

  /**
   * Who may download a listing photo: admins, its uploader (the owner), anyone while the listing
   * is publicly listed (not sold), and the agent it is assigned to.
   */
  async canReadImage(file: StoredFileRow, user: AuthUser | null): Promise<boolean> {
    if (user && (user.role === 'admin' || user.id === file.ownerId)) return true;
    // The account's own photos, for members whose role reaches businesses (decision 033).
    const account = user?.account;
    if (account?.id === file.ownerId && roleAllows(account.role, 'business', 'read')) return true;
    const [row] = await this.db
      .select({ statusId: properties.statusId, agentUserId: businessAgents.userId })
      .from(properties)
      .leftJoin(propertyImages, eq(propertyImages.propertyId, properties.id))
      .leftJoin(businessAgents, eq(businessAgents.id, properties.agentId))
      .where(or(eq(properties.thumbnailFileId, file.id), eq(propertyImages.fileId, file.id)))
      .limit(1);
    if (!row) return false;
    if (row.statusId !== SOLD_STATUS_ID) return true;
    return user !== null && row.agentUserId === user.id;
  }

  /** The listings of this business and kind with these ids; any other id → 404. */
  private async owned(businessId: string, kind: PropertyKind, ids: string[]) {
    const unique = [...new Set(ids)];
    const rows = await this.db
      .select()
      .from(properties)
      .where(
        and(eq(properties.businessId, businessId), eq(properties.kind, kind), inArray(properties.id, unique)),
      );
    if (rows.length !== unique.length) throw notFound('Listing not found');
    return rows;
  }

  private place(form: ListingForm) {
    const place = checkPlace(form.fields.country, form.fields.state);
    if ('error' in place) throw badRequest(place.error, place.field);
    return place;
  }

  private async attachImages(propertyId: string, images: StoredFileRow[], start: number) {
    if (images.length === 0) return;
    await this.db
      .insert(propertyImages)
      .values(images.map((file, index) => ({ propertyId, fileId: file.id, position: start + index })));
  }

  private async one(id: string): Promise<Property> {
    const [entry] = await rawRows<ListingRow>(
      this.db,
      this.db.select(LISTING_COLUMNS).from(properties).where(eq(properties.id, id)),
    );
    if (!entry) throw notFound('Listing not found');
    return toProperty(entry);
  }
}
