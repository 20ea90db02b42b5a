import { ImageIcon, Loader2, Upload } from "lucide-react";
import { useRef, useState, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/components/ui/use-toast";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";
import { IMAGE_LIMITS } from "@contract/admin/games";
import { useUploadImage } from "../api/upload-image";
import { Field, fieldAria } from "./field";

/** Spec §2: recommended icon size. */
export const ICON_HINT =
  "PNG, JPEG, WebP or GIF up to 5 MB, recommended 300x300px. Paste an image URL or upload a file.";

/** An image preview that falls back to a placeholder when there is no image or it cannot load. */
export function ImagePreview({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const show = src.trim() !== "" && failed !== src;
  return (
    <div
      className={cn(
        "flex shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted text-muted-foreground",
        className,
      )}
    >
      {show ? (
        <img src={src} alt={alt} className="size-full object-cover" onError={() => setFailed(src)} />
      ) : (
        <span role="img" aria-label={`${alt}: no image`} className="flex size-full items-center justify-center">
          <ImageIcon className="size-1/3" aria-hidden="true" />
        </span>
      )}
    </div>
  );
}

/**
 * Image by URL or by upload (D45: POST /api/admin/upload-image → {imageUrl}), with a preview and a
 * placeholder fallback. Used for game icons, category thumbnails and image content.
 */
export function ImageField({
  id,
  label,
  value,
  onChange,
  error,
  hint = ICON_HINT,
  uploadedMessage = "Image uploaded successfully.",
  previewAlt = "Image preview",
  inputRef,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  hint?: string;
  uploadedMessage?: string;
  previewAlt?: string;
  inputRef?: React.Ref<HTMLInputElement>;
}) {
  const fileRef = useRef<HTMLInputElement>(null);
  const upload = useUploadImage();

  function pick(file: File | undefined) {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: (imageUrl) => {
        onChange(imageUrl);
        toast({ title: uploadedMessage });
      },
      onError: (err) =>
        toast({
          title: "Failed to upload image. Please try again.",
          description: errorMessage(err),
          variant: "destructive",
        }),
      onSettled: () => {
        if (fileRef.current) fileRef.current.value = "";
      },
    });
  }

  return (
    <Field id={id} label={label} hint={hint} error={error}>
      <div className="flex items-start gap-3">
        <ImagePreview src={value} alt={previewAlt} className="size-20" />
        <div className="grid min-w-0 flex-1 gap-2">
          <Input
            id={id}
            ref={inputRef}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            placeholder="https://… or /uploads/…"
            onKeyDown={(e: KeyboardEvent) => e.key === "Enter" && e.preventDefault()}
            {...fieldAria(id, error, true)}
          />
          <div>
            <input
              ref={fileRef}
              type="file"
              accept={IMAGE_LIMITS.types.join(",")}
              className="sr-only"
              tabIndex={-1}
              aria-label={`${label}: upload a file`}
              onChange={(e) => pick(e.target.files?.[0])}
            />
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => fileRef.current?.click()}
              disabled={upload.isPending}
            >
              {upload.isPending ? (
                <Loader2 className="animate-spin" aria-hidden="true" />
              ) : (
                <Upload aria-hidden="true" />
              )}
              {upload.isPending ? "Uploading..." : "Upload image"}
            </Button>
          </div>
        </div>
      </div>
    </Field>
  );
}
