# metric-assay: two commands that work on a fresh clone with only python3.
#   make test    create .venv, install the project with its test extras, run the whole suite
#                (TEST_JOBS=2 pytest-xdist workers, each given half the tests in order, the idle one taking half of
#                the other's queue: no worker waits at the end, and the tests that call ranx, last, mostly share
#                one; the catalog's conformance at TEST_EXAMPLES random examples per property and TEST_EDGES
#                edge cases (none: tests/test_edge_cases.py runs every edge case of every property against the
#                catalog in the same suite, and the audits of the hostile and toy targets run them too): the
#                full budget of the profile, edge cases included, is `make audit TARGETS=metrics`, which CI runs
#                after it; the catalog's large tier is `make audit-large TARGETS=metrics`, CI's third step)
#   make audit   create .venv, install, audit the default target set with --strict, write reports/ (index.html:
#                every target): the bundled targets' behaviour is checked here
#   make audit-large   the same at the large tier (1e5 to 1e7 samples), write reports/large/
#   TIERS="standard large"   make audit runs both tiers in one command (one task graph on a cluster), writing
#                reports/ and reports/large/ as the two commands do
#   CLUSTER=tcp://HOST:8786 or CLUSTER=local:N   either audit on a Dask cluster (docs/cluster.md): every target's
#                properties as one task graph, the report the same as on this machine

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PROFILE ?= ci
TARGETS ?= metrics sklearn scipy nltk sacrebleu jiwer rouge_score ranx pytrec_eval rouge torchmetrics pycocotools faster_coco_eval hdbscan pot ignite mel_cepstral_distance rs_metrics cornac utilsforecast netcal implicit pycocoevalcap recmetrics ir_measures recpack statsmodels pingouin scoringrules properscoring imblearn keras skimage
PYTEST_ARGS ?=
TEST_JOBS ?= 2
TEST_EXAMPLES ?= 1
TEST_EDGES ?= 0
# the catalog against the reduced large tier is left to CI, which runs the full tier (make audit-large TARGETS=metrics)
TEST_MARKERS ?= not catalog_large_tier
# a Dask scheduler's address or local:N; empty: the audits run on this machine's worker processes
CLUSTER ?=
CLUSTER_OPTION := $(if $(strip $(CLUSTER)),--cluster $(strip $(CLUSTER)))
# the tiers make audit runs, in one command: standard, large, or "standard large"
TIERS ?= standard

.PHONY: test audit audit-large docs bench install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# pip first: the pip a new venv brings (23.2 with Python 3.11) spent 46 s of a 90 s install resolving, most of it
# checking the wheel tags of the index's 100,000 links one by one; pip 26.3 resolves the same versions in 24 s and
# installs everything in 45 s, its own upgrade included.
# --no-compile: byte-compiling every installed file (torch's thousands) is half the install time; the
# modules actually imported are compiled on first import instead, which needs bytecode writing on
# (PYTHONDONTWRITEBYTECODE unset for the commands below; some machines set it globally).
# recmetrics (the bundled target `recmetrics`) is installed on its own line, without its dependencies: its metadata
# pins pandas<2, plotly<5, seaborn<0.12, jupyter and twine (for its plots), so in the `references` extra it would
# downgrade pandas; reference/recmetrics.py loads recmetrics/metrics.py alone, which needs only numpy, pandas, scipy,
# scikit-learn and matplotlib, all installed by the `-e '.[test]'` line. recpack (the bundled target `recpack`) on the
# same line, for the same reason: it pins numpy 1.* (and hyperopt, torch, pandas 2), and recpack.metrics needs only
# numpy, scipy and scikit-learn.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check --upgrade 'pip>=25'
	$(BIN)/python -m pip install --quiet --no-compile --disable-pip-version-check -e '.[test]'
	$(BIN)/python -m pip install --quiet --no-compile --disable-pip-version-check --no-deps 'recmetrics==0.1.5' 'recpack==0.3.6'
	touch $(STAMP)

install: $(STAMP)

test: $(STAMP)
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -n $(TEST_JOBS) --dist worksteal --hypothesis-profile=$(PROFILE) \
		--assay-examples=$(TEST_EXAMPLES) --assay-edges=$(TEST_EDGES) -m "$(TEST_MARKERS)" $(PYTEST_ARGS)

# the JSON report of each target in $(1): the audit names them <stem>.<target>.json, or <stem>.json for one target
audit_json = $(if $(word 2,$(TARGETS)),$(foreach t,$(TARGETS),$(1).$(t).json),$(1).json)
# a tier's report stem: reports/conformance for the standard tier, reports/<tier>/conformance for another (the
# audit's own layout when it runs several tiers, given the standard tier's paths)
tier_stem = $(if $(filter standard,$(1)),reports/conformance,reports/$(1)/conformance)

# $(1): the tiers. One audit command for all of them; then each tier's HTML page, written from its JSON reports
# even when the audit finds violations or is interrupted; the recipe then exits with the audit's status (else the
# first failing page's).
define audit_with_page
	status=0; env -u PYTHONDONTWRITEBYTECODE $(BIN)/metric-assay audit $(TARGETS) $(foreach t,$(1),--tier $(t)) \
		$(CLUSTER_OPTION) --strict --profile $(PROFILE) \
		$(foreach x,md json,--report $(if $(word 2,$(1)),reports/conformance,$(call tier_stem,$(1))).$(x)) \
		|| status=$$?; \
	$(foreach tier,$(1),reports=""; \
	for f in $(call audit_json,$(call tier_stem,$(tier))); do if [ -f "$$f" ]; then reports="$$reports $$f"; fi; done; \
	if [ -n "$$reports" ]; then \
		$(BIN)/metric-assay report $$reports --out $(dir $(call tier_stem,$(tier)))index.html \
			|| { rc=$$?; [ $$status -ne 0 ] || status=$$rc; }; \
	fi;) \
	exit $$status
endef

audit: $(STAMP)
	$(call audit_with_page,$(TIERS))

audit-large: $(STAMP)
	$(call audit_with_page,large)

docs: $(STAMP)
	$(BIN)/metric-assay docs --out docs

bench: $(STAMP)
	for b in benchmarks/bench_*.py; do $(BIN)/python -m benchmarks.$$(basename $$b .py) || exit 1; done

clean:
	rm -rf $(VENV) reports .hypothesis .pytest_cache
