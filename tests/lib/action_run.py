# SPDX-License-Identifier: MIT
"""The root action.yml, offline (tests/e2e/action.sh).

    action_run.py validate ACTION.yml
        checks it against GitHub's action metadata schema (the keys of
        https://json.schemastore.org/github-action.json that a composite
        action uses): the top-level keys, every input and output, and
        every step; and that each ${{ inputs.X }} and ${{ steps.Y... }}
        names an input or step that is there.
    action_run.py run ACTION.yml WORKDIR KEY=VALUE...
        runs its steps in order as the runner does (bash --noprofile
        --norc -eo pipefail, each step's env with the inputs put in,
        GITHUB_ENV carried to the next steps), in WORKDIR, with the given
        inputs; prints "step NAME: exit N" for each, then "output K=V"
        for the action's outputs, and exits with the first failing
        step's status (0 when none failed).
"""
import os
import re
import subprocess
import sys

import yaml

TOP = {"name", "author", "description", "inputs", "outputs", "runs", "branding"}
TOP_REQUIRED = {"name", "description", "runs"}
INPUT = {"description", "required", "default", "deprecationMessage"}
OUTPUT = {"description", "value"}
RUNS = {"using", "steps"}
STEP = {"name", "id", "if", "run", "shell", "uses", "with", "env",
        "working-directory", "continue-on-error"}
EXPR = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")


def problems(action):
    out = []
    if not isinstance(action, dict):
        return ["not a mapping"]
    out += [f"unknown top-level key {k}" for k in action if k not in TOP]
    out += [f"missing {k}" for k in sorted(TOP_REQUIRED - set(action))]
    inputs = action.get("inputs") or {}
    for name, spec in inputs.items():
        if not isinstance(spec, dict) or "description" not in spec:
            out.append(f"input {name}: no description")
            continue
        out += [f"input {name}: unknown key {k}" for k in spec if k not in INPUT]
        if "required" in spec and not isinstance(spec["required"], bool):
            out.append(f"input {name}: required is not a boolean")
    runs = action.get("runs") or {}
    out += [f"runs: unknown key {k}" for k in runs if k not in RUNS]
    if runs.get("using") != "composite":
        out.append("runs.using is not composite")
    steps = runs.get("steps")
    if not isinstance(steps, list) or not steps:
        out.append("runs.steps: no steps")
        steps = []
    ids = set()
    for i, step in enumerate(steps):
        where = f"step {i + 1} ({step.get('name', '?')})"
        out += [f"{where}: unknown key {k}" for k in step if k not in STEP]
        if ("run" in step) == ("uses" in step):
            out.append(f"{where}: needs one of run and uses")
        if "run" in step and "shell" not in step:
            out.append(f"{where}: run without shell")
        if "id" in step:
            ids.add(step["id"])
    for name, spec in (action.get("outputs") or {}).items():
        if not isinstance(spec, dict) or "value" not in spec or "description" not in spec:
            out.append(f"output {name}: a composite action's output needs description and value")
            continue
        out += [f"output {name}: unknown key {k}" for k in spec if k not in OUTPUT]
    # Every expression names what is there.
    for expr in EXPR.findall(yaml.safe_dump(action)):
        m = re.fullmatch(r"inputs\.([A-Za-z0-9_-]+)", expr)
        if m and m.group(1) not in inputs:
            out.append(f"${{{{ {expr} }}}}: no such input")
        m = re.fullmatch(r"steps\.([A-Za-z0-9_-]+)\.outputs\.[A-Za-z0-9_-]+", expr)
        if m and m.group(1) not in ids:
            out.append(f"${{{{ {expr} }}}}: no such step")
        if not re.fullmatch(r"(inputs|steps|github|runner|env)\.[A-Za-z0-9_.-]+", expr):
            out.append(f"${{{{ {expr} }}}}: not an expression this check knows")
    return out


def substitute(text, inputs, outputs):
    def value(m):
        expr = m.group(1)
        if expr.startswith("inputs."):
            return inputs.get(expr[7:], "")
        if expr.startswith("steps."):
            return outputs.get(expr, "")
        raise SystemExit(f"cannot evaluate ${{{{ {expr} }}}} offline")
    return EXPR.sub(value, str(text))


def run(action, workdir, given):
    inputs = {k: str(v.get("default", "")) for k, v in (action.get("inputs") or {}).items()}
    inputs.update(given)
    env = dict(os.environ)
    files = {k: os.path.join(workdir, k.lower()) for k in
             ("GITHUB_ENV", "GITHUB_PATH", "GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY")}
    for f in files.values():
        open(f, "a").close()
    env.update(files)
    env.update(GITHUB_ACTIONS="true", GITHUB_ACTION_PATH=os.path.abspath(os.path.dirname(sys.argv[2])),
               RUNNER_TEMP=workdir)
    outputs, failed = {}, 0
    for i, step in enumerate(action["runs"]["steps"]):
        step_env = dict(env)
        for k, v in (step.get("env") or {}).items():
            step_env[k] = substitute(v, inputs, outputs)
        open(files["GITHUB_OUTPUT"], "w").close()
        script = os.path.join(workdir, f"step{i + 1}.sh")
        with open(script, "w") as f:
            f.write(substitute(step["run"], inputs, outputs))
        rc = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script],
                            env=step_env, cwd=workdir).returncode
        print(f"step {step.get('name', i + 1)}: exit {rc}", file=sys.stderr)
        for line in open(files["GITHUB_OUTPUT"]):
            k, _, v = line.rstrip("\n").partition("=")
            outputs[f"steps.{step.get('id', '')}.outputs.{k}"] = v
        for line in open(files["GITHUB_ENV"]):     # the runner's NAME=VALUE lines
            k, _, v = line.rstrip("\n").partition("=")
            env[k] = v
        if rc != 0:
            failed = rc
            break
    for name, spec in (action.get("outputs") or {}).items():
        print(f"output {name}={substitute(spec['value'], inputs, outputs)}", file=sys.stderr)
    return failed


def main():
    action = yaml.safe_load(open(sys.argv[2]))
    if sys.argv[1] == "validate":
        out = problems(action)
        for p in out:
            print(p)
        return 1 if out else 0
    given = dict(a.split("=", 1) for a in sys.argv[4:])
    return run(action, sys.argv[3], given)


if __name__ == "__main__":
    sys.exit(main())
