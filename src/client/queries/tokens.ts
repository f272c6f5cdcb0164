import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ApiToken, tokensApi } from "../api/tokens";

export const tokenKeys = { all: ["api-tokens"] as const };

export function useApiTokensQuery() {
  return useQuery({ queryKey: tokenKeys.all, queryFn: tokensApi.list });
}

/** Creates a token; the list refetches (the new one has no secret there). */
export function useCreateApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => tokensApi.create(name),
    onSettled: () => client.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}

/** Revokes a token and drops it from the cached list at once. */
export function useRevokeApiToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => tokensApi.revoke(id),
    onSuccess: (_nothing, id) => {
      client.setQueryData<ApiToken[]>(tokenKeys.all, (list) => list?.filter((token) => token.id !== id));
    },
    onSettled: () => client.invalidateQueries({ queryKey: tokenKeys.all }),
  });
}
