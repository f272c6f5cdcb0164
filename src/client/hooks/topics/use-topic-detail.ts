import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import { type TopicDetail, topicsApi } from "../../api/topics";

export type TopicDetailState =
  | { status: "loading" }
  | { status: "not-found" }
  | { status: "error"; message: string }
  | { status: "loaded"; topic: TopicDetail };

export interface TopicPageQuery {
  unreadOnly: boolean;
  page: number;
  perPage: number;
}

/**
 * One topic with one page of its articles. A new page or filter keeps the current one on screen (`updating`)
 * until the answer arrives; a 404 (deleted, someone else's, a mistyped id) or an invalid id is 'not-found'.
 */
export function useTopicDetail(topicId: number | null, { unreadOnly, page, perPage }: TopicPageQuery) {
  const [state, setState] = useState<TopicDetailState>(
    topicId === null ? { status: "not-found" } : { status: "loading" },
  );
  const [updating, setUpdating] = useState(false);
  const latest = useRef(0);

  const load = useCallback(async () => {
    if (topicId === null) {
      setState({ status: "not-found" });
      return;
    }
    const call = ++latest.current;
    setUpdating(true);
    try {
      const topic = await topicsApi.detail(topicId, { unreadOnly, limit: perPage, offset: (page - 1) * perPage });
      if (call === latest.current) setState({ status: "loaded", topic });
    } catch (error) {
      if (call !== latest.current) return;
      if (error instanceof ApiError && error.status === 404) setState({ status: "not-found" });
      else
        setState({
          status: "error",
          message: error instanceof Error ? error.message : "Failed to fetch topic details",
        });
    } finally {
      if (call === latest.current) setUpdating(false);
    }
  }, [topicId, unreadOnly, page, perPage]);

  useEffect(() => {
    void load();
  }, [load]);

  const retry = useCallback(() => {
    setState({ status: "loading" });
    void load();
  }, [load]);

  return { state, updating, retry };
}
