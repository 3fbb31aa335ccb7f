import type { Context } from "hono";
import { type ProfileForm, profileSchema } from "../../../shared/forms/account";
import { checkForm, type FormErrors } from "../../../shared/forms/form-result";
import { routePath } from "../../../shared/links";
import { maxUploadBytes, uploadLimit } from "../../../shared/upload-limit";
import { Rich, textsOf } from "../../frame/i18n/texts";
import { avatarUrl, findAvatar, removeAvatar, saveAvatar, sniffImageType } from "../../platform/accounts/avatar-store";
import type { AppEnv } from "../../platform/app-env";
import { firstValue, readFormBody, textFields } from "../../platform/forms/form-guard";
import type { ImageType } from "../../platform/security/file-checks";
import { authClient } from "../../platform/session/auth-client";
import { refreshSessionUser } from "../../platform/session/session";
import { noticeFrom, renderAccountPage } from "./account-render";
import { Field, type FieldErrors, FormAlert } from "./account-ui";
import { friendlyError, sessionEnded } from "./friendly-errors";

/** /user/edit: the profile screen (GET) and its form (POST), with the avatar. */

export interface EditState {
  values?: Partial<ProfileForm>;
  errors?: FieldErrors;
  alert?: string;
}

export function avatarHint(c: Context<AppEnv>): string {
  const t = textsOf(c);
  const { total, units } = uploadLimit(maxUploadBytes(c.env.UPLOAD_MAX_BYTES));
  return t.fill(t.m.forms.uploadHint, { total, units: t.m.account.units[units] });
}

export async function renderEdit(c: Context<AppEnv>, state: EditState = {}, status = 200): Promise<Response> {
  const user = c.get("user");
  if (!user) return c.redirect(routePath("user-login", { query: { redirect: routePath("user-edit") } }), 302);
  const avatar = await findAvatar(c.env.DB, user.id);
  const values: Partial<ProfileForm> = state.values ?? user;
  const errors = state.errors ?? {};
  const notice = status === 200 ? noticeFrom(c) : null;
  const a = textsOf(c).m.account;
  const field = (name: keyof ProfileForm) => ({ name, value: values[name] ?? "", error: errors[name] });
  return renderAccountPage(
    c,
    {
      title: a.editProfile,
      description: a.profileDescription,
      body: (
        <section className="container account-screen account-screen--narrow">
          <p className="account-back">
            <a href={routePath("user")}>{a.backToAccount}</a>
          </p>
          <h1>{a.editProfile}</h1>
          <p className="muted">{a.profileLead}</p>
          {notice && <FormAlert tone="success">{notice}</FormAlert>}
          {state.alert && <FormAlert>{state.alert}</FormAlert>}
          <form
            method="post"
            action={routePath("user-edit")}
            encType="multipart/form-data"
            className="account-form account-card"
            noValidate
          >
            <fieldset className="account-fieldset">
              <legend>{a.photo}</legend>
              <div className="avatar-field">
                {avatar ? (
                  <img
                    className="account-avatar"
                    src={avatarUrl(avatar.object_key)}
                    alt={a.avatarAlt}
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
                    {a.avatar}
                    <span className="field__optional">{a.optional}</span>
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
                    {avatarHint(c)}
                  </p>
                  {errors.avatar && (
                    <p className="field-error" id="field-avatar-error">
                      <span>{errors.avatar}</span>
                    </p>
                  )}
                  {avatar && (
                    <label className="checkbox">
                      <input type="checkbox" name="removeAvatar" value="1" /> {a.removePhoto}
                    </label>
                  )}
                </div>
              </div>
            </fieldset>
            <fieldset className="account-fieldset">
              <legend>{a.nameAndPhone}</legend>
              <div className="field-row">
                <Field {...field("firstName")} label={a.firstName} autoComplete="given-name" maxLength={60} />
                <Field {...field("lastName")} label={a.lastName} autoComplete="family-name" maxLength={60} />
              </div>
              <Field
                {...field("phone")}
                label={a.phone}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                hint={a.phoneHint}
                maxLength={20}
              />
            </fieldset>
            <fieldset className="account-fieldset">
              <legend>{a.deliveryAddress}</legend>
              <Field
                {...field("address")}
                label={a.address}
                autoComplete="address-line1"
                hint={a.addressHint}
                maxLength={200}
              />
              <div className="field-row">
                <Field {...field("city")} label={a.city} autoComplete="address-level2" maxLength={80} />
                <Field {...field("postcode")} label={a.postcode} autoComplete="postal-code" maxLength={12} />
              </div>
              <Field {...field("country")} label={a.country} autoComplete="country-name" maxLength={80} />
            </fieldset>
            <p className="account-readonly">
              <Rich
                text={a.readonlyIds}
                parts={{ email: <strong>{user.email}</strong>, username: <strong>{user.username}</strong> }}
              />
            </p>
            <div className="account-form__actions">
              <button type="submit" className="button">
                {a.saveProfile}
              </button>
              <a className="button button--outlined" href={routePath("user")}>
                {a.cancel}
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
  c: Context<AppEnv>,
  file: File,
): Promise<{ image: { bytes: Uint8Array; type: ImageType } } | { error: string }> {
  const t = textsOf(c);
  const hint = avatarHint(c);
  if (file.size > maxUploadBytes(c.env.UPLOAD_MAX_BYTES)) return { error: t.fill(t.m.account.fileTooLarge, { hint }) };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffImageType(bytes);
  return type ? { image: { bytes, type } } : { error: t.fill(t.m.account.notAnImage, { hint }) };
}

export async function postEdit(c: Context<AppEnv>): Promise<Response> {
  const user = c.get("user");
  const token = c.get("token");
  if (!user || !token) return c.redirect(routePath("user-login", { query: { redirect: routePath("user-edit") } }), 303);
  const body = await readFormBody(c);
  const fields = textFields(body);
  const checked = checkForm(profileSchema(textsOf(c).m), fields);
  const errors: FormErrors = checked.ok ? {} : { ...checked.errors };
  const upload = firstValue(body, "avatar");
  const avatar = upload instanceof File && upload.size > 0 ? await readAvatar(c, upload) : null;
  if (avatar && "error" in avatar) errors.avatar = avatar.error;
  if (!checked.ok || Object.keys(errors).length > 0) return renderEdit(c, { values: fields, errors }, 422);
  try {
    const updated = await authClient(c).updateProfile(token, user.id, checked.value);
    await refreshSessionUser(c, updated);
  } catch (error) {
    const ended = await sessionEnded(c, error, routePath("user-edit"));
    if (ended) return ended;
    const problem = friendlyError(c, error);
    return renderEdit(c, { values: checked.value, alert: problem.message }, problem.status);
  }
  if (avatar && "image" in avatar) await saveAvatar(c.env, user.id, avatar.image.bytes, avatar.image.type);
  else if (fields.removeAvatar === "1") await removeAvatar(c.env, user.id);
  return c.redirect(routePath("user", { query: { notice: "profile-saved" } }), 303);
}
