import { Hono } from "hono";
import { describeRoute } from "hono-openapi";
import type { AppEnv } from "../context";
import { requireAuth } from "../middleware/require-auth";
import { validate } from "../middleware/validate";
import { errors, jsonResponse, noContent } from "../openapi/responses";
import {
  feedIdParams,
  feedItemArticleJson,
  feedItemJson,
  feedItemPageJson,
  feedSettingsBody,
  feedSettingsJson,
  itemsQuery,
  markSeenBody,
  markSeenJson,
  opmlBody,
  opmlImportJson,
  publishBody,
  publishedFeedCreatedJson,
  publishedFeedListJson,
  saveItemJson,
  subscribeBody,
  subscribeResultJson,
  subscriptionJson,
  subscriptionListJson,
  updateSubscriptionBody,
} from "./feeds-schemas";

const tags = ["Feeds"];

/** /api/feeds: subscriptions (by feed or site address, OPML), the Feed of their items, and saving to the Library. */
export const feedRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get(
    "/subscriptions",
    describeRoute({
      tags,
      summary: "Your subscriptions",
      description: "Each with its title, icon, last update, item count, unseen count and health.",
      responses: { 200: jsonResponse("The subscriptions, by title.", subscriptionListJson) },
    }),
    async (c) => c.json(await c.var.services.feeds.list(c.var.auth.user.id), 200),
  )
  .post(
    "/subscriptions",
    describeRoute({
      tags,
      summary: "Subscribe",
      description:
        "Up to 50 addresses: feeds (RSS, Atom, JSON Feed) or sites, whose feed is found from the page's " +
        '`<link rel="alternate">` or the usual feed paths. Every address gets a result; a new feed\'s items are ' +
        "there when this answers.",
      responses: { 200: jsonResponse("One result per address.", subscribeResultJson) },
    }),
    validate("json", subscribeBody),
    async (c) => {
      const { urls, folder } = c.req.valid("json");
      return c.json(await c.var.services.feeds.subscribe(c.var.auth.user.id, urls, folder), 200);
    },
  )
  .patch(
    "/subscriptions/:id",
    describeRoute({
      tags,
      summary: "Rename, move or mute a subscription",
      description:
        "Your name for it and its folder; a newsletter (mail from one sender to your save-by-email address) can " +
        "also be muted: its items stay, new mail from it is dropped until it is unmuted.",
      responses: { 200: jsonResponse("The subscription.", subscriptionJson), ...errors(404, 422) },
    }),
    validate("param", feedIdParams),
    validate("json", updateSubscriptionBody),
    async (c) => {
      const { id } = c.req.valid("param");
      return c.json(await c.var.services.feeds.update(c.var.auth.user.id, id, c.req.valid("json")), 200);
    },
  )
  .delete(
    "/subscriptions/:id",
    describeRoute({
      tags,
      summary: "Unsubscribe",
      description: "Its items leave your Feed; articles saved from it stay in the Library.",
      responses: { 204: noContent, ...errors(404) },
    }),
    validate("param", feedIdParams),
    async (c) => {
      await c.var.services.feeds.unsubscribe(c.var.auth.user.id, c.req.valid("param").id);
      return c.body(null, 204);
    },
  )
  .get(
    "/opml",
    describeRoute({
      tags,
      summary: "Export subscriptions as OPML",
      description: "OPML 2.0, one outline per folder, for any feed reader.",
      responses: {
        200: { description: "The OPML file.", content: { "text/x-opml": { schema: { type: "string" } } } },
      },
    }),
    async (c) => {
      const opml = await c.var.services.feeds.exportOpml(c.var.auth.user.id);
      return c.body(opml, 200, {
        "content-type": "text/x-opml; charset=utf-8",
        "content-disposition": 'attachment; filename="viberead-subscriptions.opml"',
      });
    },
  )
  .post(
    "/opml",
    describeRoute({
      tags,
      summary: "Import subscriptions from OPML",
      description:
        "Subscribes to every feed of the file, folders kept. Feeds new to VibeRead are fetched in the background " +
        "within about a minute.",
      responses: { 200: jsonResponse("What was imported.", opmlImportJson) },
    }),
    validate("json", opmlBody),
    async (c) => c.json(await c.var.services.feeds.importOpml(c.var.auth.user.id, c.req.valid("json").opml), 200),
  )
  .get(
    "/settings",
    describeRoute({
      tags,
      summary: "Your Feed settings",
      responses: { 200: jsonResponse("The settings.", feedSettingsJson) },
    }),
    async (c) => c.json(await c.var.services.feeds.getSettings(c.var.auth.user.id), 200),
  )
  .put(
    "/settings",
    describeRoute({
      tags,
      summary: "Change your Feed settings",
      description:
        "How long an item you did not save stays in your Feed (1 to 365 days). A shorter period hides older items " +
        "at once; saved items never expire.",
      responses: { 200: jsonResponse("The settings.", feedSettingsJson) },
    }),
    validate("json", feedSettingsBody),
    async (c) => c.json(await c.var.services.feeds.updateSettings(c.var.auth.user.id, c.req.valid("json")), 200),
  )
  .get(
    "/published",
    describeRoute({
      tags,
      summary: "Your published feeds",
      description: "The private Atom feeds of your Library or a tag of it. Their addresses are not shown again.",
      responses: { 200: jsonResponse("The published feeds, newest first.", publishedFeedListJson) },
    }),
    async (c) => c.json(await c.var.services.publishedFeeds.list(c.var.auth.user.id), 200),
  )
  .post(
    "/published",
    describeRoute({
      tags,
      summary: "Publish a tag or the Library as a private Atom feed",
      description:
        "Answers the feed's secret address once (only a hash of it is kept). Its newest 50 articles, with their " +
        "summary and content, for another reader or an automation; or (`kind: opds`) the OPDS catalog of the unread " +
        "queue for an e-reader app. Revoking makes the address answer 404.",
      responses: {
        201: jsonResponse("The new feed and its address.", publishedFeedCreatedJson),
        ...errors(409, 422),
      },
    }),
    validate("json", publishBody),
    async (c) => {
      const origin = new URL(c.req.url).origin;
      const body = c.req.valid("json");
      return c.json(await c.var.services.publishedFeeds.create(c.var.auth.user.id, body.tag, origin, body.kind), 201);
    },
  )
  .delete(
    "/published/:id",
    describeRoute({
      tags,
      summary: "Revoke a published feed",
      description: "Its address answers 404 from now on.",
      responses: { 204: noContent, ...errors(404) },
    }),
    validate("param", feedIdParams),
    async (c) => {
      await c.var.services.publishedFeeds.revoke(c.var.auth.user.id, c.req.valid("param").id);
      return c.body(null, 204);
    },
  )
  .get(
    "/items",
    describeRoute({
      tags,
      summary: "The Feed",
      description: "Items of your subscriptions, newest first, by subscription, folder and seen state.",
      responses: { 200: jsonResponse("A page of items.", feedItemPageJson), ...errors(404) },
    }),
    validate("query", itemsQuery),
    async (c) => {
      const q = c.req.valid("query");
      return c.json(
        await c.var.services.feeds.listItems(c.var.auth.user.id, {
          subscriptionId: q.subscription_id,
          folder: q.folder || undefined,
          state: q.state,
          cursor: q.cursor,
          limit: q.limit,
        }),
        200,
      );
    },
  )
  .post(
    "/items/mark-seen",
    describeRoute({
      tags,
      summary: "Mark all as seen up to an item",
      description:
        "From the top of the Feed (newest first) down to the item, that one included; optionally of one " +
        "subscription or folder.",
      responses: { 200: jsonResponse("How many were marked.", markSeenJson), ...errors(404) },
    }),
    validate("json", markSeenBody),
    async (c) => {
      const body = c.req.valid("json");
      return c.json(
        await c.var.services.feeds.markSeenUpTo(c.var.auth.user.id, body.up_to_item_id, {
          subscriptionId: body.subscription_id,
          folder: body.folder,
        }),
        200,
      );
    },
  )
  .get(
    "/items/:id",
    describeRoute({
      tags,
      summary: "A feed item",
      description: "With the feed's whole content when it carries it.",
      responses: { 200: jsonResponse("The item.", feedItemJson), ...errors(404) },
    }),
    validate("param", feedIdParams),
    async (c) => c.json(await c.var.services.feeds.getItem(c.var.auth.user.id, c.req.valid("param").id), 200),
  )
  .get(
    "/items/:id/article",
    describeRoute({
      tags,
      summary: "The article behind a feed item",
      description:
        "For an item whose feed gives only a summary: its page fetched (through the same guard as saved links) and " +
        "extracted as a saved link is, on first request; kept on the item afterwards. A page that cannot be read " +
        "answers 200 with `error` saying why and no content.",
      responses: { 200: jsonResponse("The article, or why not.", feedItemArticleJson), ...errors(404, 422) },
    }),
    validate("param", feedIdParams),
    async (c) =>
      c.json(await c.var.services.feedItemArticles.article(c.var.auth.user.id, c.req.valid("param").id), 200),
  )
  .post(
    "/items/:id/seen",
    describeRoute({
      tags,
      summary: "Mark an item seen",
      responses: { 200: jsonResponse("The item.", feedItemJson), ...errors(404) },
    }),
    validate("param", feedIdParams),
    async (c) => c.json(await c.var.services.feeds.setSeen(c.var.auth.user.id, c.req.valid("param").id, true), 200),
  )
  .post(
    "/items/:id/unseen",
    describeRoute({
      tags,
      summary: "Mark an item unseen",
      responses: { 200: jsonResponse("The item.", feedItemJson), ...errors(404) },
    }),
    validate("param", feedIdParams),
    async (c) => c.json(await c.var.services.feeds.setSeen(c.var.auth.user.id, c.req.valid("param").id, false), 200),
  )
  .post(
    "/items/:id/save",
    describeRoute({
      tags,
      summary: "Save an item to the Library",
      description:
        "Saves the item's link as an article (fetched, summarised, given topics like any save). A link already in " +
        "the Library answers 200 with that article and `duplicate: true`.",
      responses: {
        200: jsonResponse("Already in the Library.", saveItemJson),
        201: jsonResponse("Saved.", saveItemJson),
        ...errors(404),
      },
    }),
    validate("param", feedIdParams),
    async (c) => {
      const saved = await c.var.services.feeds.saveToLibrary(c.var.auth.user.id, c.req.valid("param").id);
      return c.json(saved, saved.duplicate ? 200 : 201);
    },
  );
