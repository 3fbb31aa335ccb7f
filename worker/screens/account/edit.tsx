import type { Context } from "hono";
import { type ProfileForm, profileSchema } from "../../../shared/forms/account";
import { checkForm, type FormErrors } from "../../../shared/forms/form-result";
import { text } from "../../../shared/text";
import { maxUploadBytes, uploadLimit } from "../../../shared/upload-limit";
import type { AppEnv } from "../../platform/app-env";
import { firstValue, readFormBody, textFields } from "../../platform/forms/form-guard";
import type { ImageType } from "../../platform/security/file-checks";
import { authClient } from "../../platform/session/auth-client";
import { refreshSessionUser } from "../../platform/session/session";
import { avatarUrl, findAvatar, removeAvatar, saveAvatar, sniffImageType } from "../../platform/stores/avatar-store";
import { noticeFrom, renderAccountPage } from "./account-render";
import { Field, type FieldErrors, FormAlert } from "./account-ui";
import { friendlyError, sessionEnded } from "./friendly-errors";

/** /user/edit: the profile screen (GET) and its form (POST), with the avatar. */

export interface EditState {
  values?: Partial<ProfileForm>;
  errors?: FieldErrors;
  alert?: string;
}

export function avatarHint(env: Env): string {
  const { total, units } = uploadLimit(maxUploadBytes(env.UPLOAD_MAX_BYTES));
  return text.uploadHint(total, units);
}

export async function renderEdit(c: Context<AppEnv>, state: EditState = {}, status = 200): Promise<Response> {
  const user = c.get("user");
  if (!user) return c.redirect("/user/login?redirect=%2Fuser%2Fedit", 302);
  const avatar = await findAvatar(c.env.DB, user.id);
  const values: Partial<ProfileForm> = state.values ?? user;
  const errors = state.errors ?? {};
  const notice = status === 200 ? noticeFrom(c) : null;
  const field = (name: keyof ProfileForm) => ({ name, value: values[name] ?? "", error: errors[name] });
  return renderAccountPage(
    c,
    {
      title: "Edit profile",
      description: "Your profile.",
      body: (
        <section className="container account-screen account-screen--narrow">
          <p className="account-back">
            <a href="/user">← My account</a>
          </p>
          <h1>Edit profile</h1>
          <p className="muted">We use these details to fill in checkout for you. Only you can see them.</p>
          {notice && <FormAlert tone="success">{notice}</FormAlert>}
          {state.alert && <FormAlert>{state.alert}</FormAlert>}
          <form
            method="post"
            action="/user/edit"
            encType="multipart/form-data"
            className="account-form account-card"
            noValidate
          >
            <fieldset className="account-fieldset">
              <legend>Photo</legend>
              <div className="avatar-field">
                {avatar ? (
                  <img
                    className="account-avatar"
                    src={avatarUrl(avatar.object_key)}
                    alt="You, as your avatar shows you now"
                    width={72}
                    height={72}
                  />
                ) : (
                  <span className="account-avatar account-avatar--initial" aria-hidden="true">
                    {(user.firstName ?? user.username).charAt(0).toUpperCase()}
                  </span>
                )}
                <div className={errors.avatar ? "field field--invalid" : "field"}>
                  <label className="field__label" htmlFor="field-avatar">
                    Avatar <span className="field__optional">(optional)</span>
                  </label>
                  <input
                    className="field__file"
                    id="field-avatar"
                    name="avatar"
                    type="file"
                    accept="image/png,image/jpeg,image/gif"
                    aria-describedby={errors.avatar ? "field-avatar-hint field-avatar-error" : "field-avatar-hint"}
                    aria-invalid={errors.avatar ? true : undefined}
                  />
                  <p className="field__hint" id="field-avatar-hint">
                    {avatarHint(c.env)}
                  </p>
                  {errors.avatar && (
                    <p className="field-error" id="field-avatar-error">
                      <span>{errors.avatar}</span>
                    </p>
                  )}
                  {avatar && (
                    <label className="checkbox">
                      <input type="checkbox" name="removeAvatar" value="1" /> Remove the current photo
                    </label>
                  )}
                </div>
              </div>
            </fieldset>
            <fieldset className="account-fieldset">
              <legend>Name and phone</legend>
              <div className="field-row">
                <Field {...field("firstName")} label="First name" autoComplete="given-name" maxLength={60} />
                <Field {...field("lastName")} label="Last name" autoComplete="family-name" maxLength={60} />
              </div>
              <Field
                {...field("phone")}
                label="Phone"
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                hint="For delivery questions, e.g. +971 50 123 4567."
                maxLength={20}
              />
            </fieldset>
            <fieldset className="account-fieldset">
              <legend>Delivery address</legend>
              <Field
                {...field("address")}
                label="Address"
                autoComplete="street-address"
                hint="Street, building, apartment."
                maxLength={200}
              />
              <div className="field-row">
                <Field {...field("city")} label="City" autoComplete="address-level2" maxLength={80} />
                <Field {...field("postcode")} label="Postcode" autoComplete="postal-code" maxLength={12} />
              </div>
              <Field {...field("country")} label="Country" autoComplete="country-name" maxLength={80} />
            </fieldset>
            <p className="account-readonly">
              E-mail: <strong>{user.email}</strong> · Username: <strong>{user.username}</strong>
            </p>
            <div className="account-form__actions">
              <button type="submit" className="button">
                Save profile
              </button>
              <a className="button button--outlined" href="/user">
                Cancel
              </a>
            </div>
          </form>
        </section>
      ),
    },
    status,
  );
}

export const editPage = (c: Context<AppEnv>) => renderEdit(c);

/** The new avatar, checked by size and content: the image, or what is wrong with it. */
async function readAvatar(
  env: Env,
  file: File,
): Promise<{ image: { bytes: Uint8Array; type: ImageType } } | { error: string }> {
  if (file.size > maxUploadBytes(env.UPLOAD_MAX_BYTES)) return { error: `This file is too large. ${avatarHint(env)}.` };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  return type ? { image: { bytes, type } } : { error: `This file is not a PNG, JPG or GIF image. ${avatarHint(env)}.` };
}

export async function postEdit(c: Context<AppEnv>): Promise<Response> {
  const user = c.get("user");
  const token = c.get("token");
  if (!user || !token) return c.redirect("/user/login?redirect=%2Fuser%2Fedit", 303);
  const body = await readFormBody(c);
  const fields = textFields(body);
  const checked = checkForm(profileSchema, fields);
  const errors: FormErrors = checked.ok ? {} : { ...checked.errors };
  const upload = firstValue(body, "avatar");
  const avatar = upload instanceof File && upload.size > 0 ? await readAvatar(c.env, upload) : null;
  if (avatar && "error" in avatar) errors.avatar = avatar.error;
  if (!checked.ok || Object.keys(errors).length > 0) return renderEdit(c, { values: fields, errors }, 422);
  try {
    const updated = await authClient(c).updateProfile(token, user.id, checked.value);
    await refreshSessionUser(c, updated);
  } catch (error) {
    const ended = await sessionEnded(c, error, "/user/edit");
    if (ended) return ended;
    const problem = friendlyError(error);
    return renderEdit(c, { values: checked.value, alert: problem.message }, problem.status);
  }
  if (avatar && "image" in avatar) await saveAvatar(c.env, user.id, avatar.image.bytes, avatar.image.type);
  else if (fields.removeAvatar === "1") await removeAvatar(c.env, user.id);
  return c.redirect("/user?notice=profile-saved", 303);
}
