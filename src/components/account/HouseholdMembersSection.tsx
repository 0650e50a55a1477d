import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import {
  RELATIONS,
  SAVED_MEMBERS_MAX,
  savedMemberProblems,
  type Relation,
  type SavedMember,
} from "@portal/domain";
import type { Call } from "./api";
import { faultOf, KeptButtons, KeptField, KeptList, KeptOptions } from "./KeptList";
import { Outcome, useOutcome } from "./Outcome";
import type { Label } from "./AccountArea";

/**
 * My household (issue 33, docs/households.md): the people the donor pays for, each with a name as the
 * receipt prints it and a relation. Checkout's household form offers them to add.
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
          <KeptList
            rows={members.map((member) => ({
              id: member.id,
              what: member.name,
              tag: t(`household_relation_${member.relation}`),
              editable: true,
            }))}
            testId="household-members"
            dataName="member"
            busy={busy}
            t={t}
            onEdit={(key) => startEdit(members.find((member) => member.id === key)!)}
            onRemove={(key) => remove(members.find((member) => member.id === key)!)}
          />
        </>
      )}
      {full ? (
        <p className="account-note">{t("household_members_full")}</p>
      ) : (
        <form className="account-form account-household-form" onSubmit={save} noValidate>
          <KeptField id={`${id}-name`} label={t("account_household_name")} error={nameError}>
            <input
              ref={nameRef}
              id={`${id}-name`}
              type="text"
              autoComplete="off"
              maxLength={200}
              value={name}
              {...faultOf(`${id}-name`, nameError)}
              onChange={(event) => setName(event.currentTarget.value)}
            />
          </KeptField>
          <KeptField
            id={`${id}-relation`}
            label={t("account_household_relation")}
            error={relationError}
          >
            <select
              ref={relationRef}
              id={`${id}-relation`}
              value={relation}
              {...faultOf(`${id}-relation`, relationError)}
              onChange={(event) => setRelation(event.currentTarget.value as Relation | "")}
            >
              <KeptOptions values={RELATIONS} words={(r) => t(`household_relation_${r}`)} />
            </select>
          </KeptField>
          <KeptButtons
            busy={busy}
            editing={editing !== null}
            addLabel={t("account_household_add")}
            t={t}
            onCancel={clear}
          />
        </form>
      )}
      <Outcome {...outcome} />
    </section>
  );
}
