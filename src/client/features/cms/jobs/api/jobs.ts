import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useIsAdmin } from "@/features/cms/shared/api/get-admin-user";
import { adminKeys, recheckSessionOn } from "@/features/cms/shared/api/keys";
import { apiRequest, getJson, withQuery } from "@/lib/api-client";
import type { JobsPage, JobState, JobView } from "@contract/jobs-constants";

/** How often the open screen asks again: jobs start and finish on their own. */
export const JOBS_REFRESH_MS = 5000;

/** GET /api/admin/jobs?state= → the newest jobs, the counts by state and the schedules (D116, admins only). */
export function useJobs(state: JobState | "") {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: adminKeys.jobs(state),
    queryFn: ({ signal }) => getJson<JobsPage>(withQuery("/api/admin/jobs", { state: state || undefined }), { signal }),
    enabled: isAdmin,
    placeholderData: keepPreviousData,
    refetchInterval: JOBS_REFRESH_MS,
  });
}

function useJobMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.jobsAll() }),
    onError: (err) => recheckSessionOn(qc, err),
  });
}

/** POST /api/admin/jobs {name}: a scheduled job, now. */
export const useStartJob = () =>
  useJobMutation(
    async (name: string) => (await (await apiRequest("POST", "/api/admin/jobs", { name })).json()) as JobView,
  );

/** POST /api/admin/jobs/{id}/run: a queued or failed job, due now. */
export const useRunJobNow = () =>
  useJobMutation((id: number) => apiRequest("POST", `/api/admin/jobs/${id}/run`).then(() => undefined));

/** POST /api/admin/jobs/{id}/cancel: a queued job, cancelled. */
export const useCancelJob = () =>
  useJobMutation((id: number) => apiRequest("POST", `/api/admin/jobs/${id}/cancel`).then(() => undefined));
