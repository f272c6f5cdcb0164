import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type EmailAddress, emailAddressApi } from "../api/email-address";

export const emailAddressKeys = {
  all: ["email-address"] as const,
};

/** The save-by-email address; it changes only by a rotation from this screen, so it never goes stale. */
export function useEmailAddress() {
  return useQuery({
    queryKey: emailAddressKeys.all,
    queryFn: emailAddressApi.get,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Replaces the address; the answer is the new one, stored straight into the cache. */
export function useRotateEmailAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: emailAddressApi.rotate,
    onSuccess: (fresh: EmailAddress) => client.setQueryData(emailAddressKeys.all, fresh),
  });
}
