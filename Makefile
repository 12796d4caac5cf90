# metric-assay: two commands that work on a fresh clone with only python3.
#   make test    create .venv, install the project with its test extras, run the whole suite
#                (TEST_JOBS=2 pytest-xdist workers)
#   make audit   create .venv, install, audit the default target set, write reports/
#   make audit-large   the same at the large tier (1e5 to 1e7 samples), write reports/large/

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PROFILE ?= ci
TARGETS ?= metrics sklearn scipy nltk sacrebleu jiwer rouge_score ranx pytrec_eval rouge torchmetrics pycocotools faster_coco_eval hdbscan pot ignite mel_cepstral_distance
PYTEST_ARGS ?=
TEST_JOBS ?= 2

.PHONY: test audit audit-large docs bench install clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# --no-compile: byte-compiling every installed file (torch's thousands) is half the install time; the
# modules actually imported are compiled on first import instead, which needs bytecode writing on
# (PYTHONDONTWRITEBYTECODE unset for the commands below; some machines set it globally).
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --no-compile --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

test: $(STAMP)
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest -n $(TEST_JOBS) --hypothesis-profile=$(PROFILE) $(PYTEST_ARGS)

audit: $(STAMP)
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/metric-assay audit $(TARGETS) --profile $(PROFILE) \
		--report reports/conformance.md --report reports/conformance.json

audit-large: $(STAMP)
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/metric-assay audit $(TARGETS) --tier large --profile $(PROFILE) \
		--report reports/large/conformance.md --report reports/large/conformance.json

docs: $(STAMP)
	$(BIN)/metric-assay docs --out docs

bench: $(STAMP)
	for b in benchmarks/bench_*.py; do $(BIN)/python -m benchmarks.$$(basename $$b .py) || exit 1; done

clean:
	rm -rf $(VENV) reports .hypothesis .pytest_cache
