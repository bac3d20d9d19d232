/** What the Tumour response section says for a study without response assessments or lesions. */
export function NoResponseData({ study }: { study: string }) {
  return (
    <p>
      Study {study} has no tumour response data: the partner service sends response assessments and lesion measurements
      only for studies assessed by RECIST 1.1, and it sent none for this study. If it should have some, press Refresh to
      load them again.
    </p>
  );
}
