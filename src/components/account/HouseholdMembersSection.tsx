import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  RELATIONS,
  SAVED_MEMBERS_MAX,
  savedMemberProblems,
  type Relation,
  type SavedMember,
} from "@portal/domain";
import type { Call } from "./api";
import { Outcome, useOutcome } from "./Outcome";
import type { Label } from "./AccountArea";

/**
 * My household (issue 33, docs/households.md): the people the donor pays fitrah for, each with a
 * name as the receipt prints it and a relation. Checkout's household form offers them to add.
 */
export function HouseholdMembersSection(props: { readonly call: Call; readonly t: Label }) {
  const { call, t } = props;
  const id = useId();
  const [members, setMembers] = useState<ReadonlyArray<SavedMember> | null>(null);
  const [editing, setEditing] = useState<SavedMember | null>(null);
  const [name, setName] = useState("");
  const [relation, setRelation] = useState<Relation | "">("");
  const [problems, setProblems] = useState<ReadonlyArray<string>>([]);
  const nameRef = useRef<HTMLInputElement>(null);
  const relationRef = useRef<HTMLSelectElement>(null);
  const { outcome, setOutcome, busy, run } = useOutcome(t);

  const load = async () => {
    const answer = await call<{ data: ReadonlyArray<SavedMember> }>("getHouseholdMembers");
    setMembers(answer.data);
  };
  useEffect(() => {
    load().catch(() => setOutcome({ error: t("account_error_generic") }));
    // Loaded once; every change loads the list again.
  }, []);

  const startEdit = (member: SavedMember) => {
    setEditing(member);
    setName(member.name);
    setRelation(member.relation);
    setProblems([]);
    nameRef.current?.focus();
  };
  const clear = () => {
    setEditing(null);
    setName("");
    setRelation("");
    setProblems([]);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    const found = savedMemberProblems(name, relation);
    setProblems(found);
    if (found[0] === "member.name") return nameRef.current?.focus();
    if (found[0] === "member.relation") return relationRef.current?.focus();
    void run(async () => {
      const answer = await call<{ data: SavedMember }>("saveHouseholdMember", {
        ...(editing ? { id: editing.id } : {}),
        name,
        relation,
      });
      clear();
      await load();
      return t(editing ? "account_household_changed" : "account_household_added", {
        name: answer.data.name,
      });
    });
  };

  const remove = (member: SavedMember) =>
    void run(async () => {
      await call("removeHouseholdMember", { id: member.id });
      if (editing?.id === member.id) clear();
      await load();
      return t("account_household_removed", { name: member.name });
    });

  const full = (members?.length ?? 0) >= SAVED_MEMBERS_MAX && !editing;
  const nameError = problems.includes("member.name") ? t("household_member_name") : undefined;
  const relationError = problems.includes("member.relation")
    ? t("household_member_relation")
    : undefined;
  return (
    <section id="account-household" className="account-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t("account_household_heading")}</h2>
      <p>{t("account_household_text")}</p>
      {members === null ? null : members.length === 0 ? (
        <p className="account-note">{t("account_household_none")}</p>
      ) : (
        <>
          <p className="account-note" data-testid="household-count">
            {t("account_household_count", {
              count: String(members.length),
              max: String(SAVED_MEMBERS_MAX),
            })}
          </p>
          <ul className="account-household" data-testid="household-members">
            {members.map((member) => (
              <li key={member.id} data-member={member.id}>
                <span>
                  <strong>{member.name}</strong>{" "}
                  <span className="account-tag">{t(`household_relation_${member.relation}`)}</span>
                </span>
                <span className="account-buttons">
                  <button
                    type="button"
                    className="account-link-button"
                    disabled={busy}
                    aria-label={t("account_household_edit", { name: member.name })}
                    onClick={() => startEdit(member)}
                  >
                    {t("account_household_edit_short")}
                  </button>
                  <button
                    type="button"
                    className="account-link-button"
                    disabled={busy}
                    aria-label={t("account_household_remove", { name: member.name })}
                    onClick={() => remove(member)}
                  >
                    {t("account_household_remove_short")}
                  </button>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {full ? (
        <p className="account-note">{t("household_members_full")}</p>
      ) : (
        <form className="account-form account-household-form" onSubmit={save} noValidate>
          <div className="calc-field">
            <label htmlFor={`${id}-name`}>{t("account_household_name")}</label>
            <input
              ref={nameRef}
              id={`${id}-name`}
              type="text"
              autoComplete="off"
              maxLength={200}
              value={name}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${id}-name-error` : undefined}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            {nameError ? (
              <p className="calc-error" id={`${id}-name-error`}>
                {nameError}
              </p>
            ) : null}
          </div>
          <div className="calc-field">
            <label htmlFor={`${id}-relation`}>{t("account_household_relation")}</label>
            <select
              ref={relationRef}
              id={`${id}-relation`}
              value={relation}
              aria-invalid={relationError ? true : undefined}
              aria-describedby={relationError ? `${id}-relation-error` : undefined}
              onChange={(event) => setRelation(event.currentTarget.value as Relation | "")}
            >
              <option value="">-</option>
              {RELATIONS.map((r) => (
                <option key={r} value={r}>
                  {t(`household_relation_${r}`)}
                </option>
              ))}
            </select>
            {relationError ? (
              <p className="calc-error" id={`${id}-relation-error`}>
                {relationError}
              </p>
            ) : null}
          </div>
          <div className="account-buttons">
            <button type="submit" className="button" disabled={busy}>
              {t(editing ? "account_household_save" : "account_household_add")}
            </button>
            {editing ? (
              <button type="button" className="account-link-button" onClick={clear}>
                {t("account_cancel")}
              </button>
            ) : null}
          </div>
        </form>
      )}
      <Outcome {...outcome} />
    </section>
  );
}
