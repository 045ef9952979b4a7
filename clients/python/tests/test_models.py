"""The generated surface covers the whole contract: a dataclass per schema, a method per operation, an
iterator per paged list; every example of the contract reads into its model and back unchanged."""
import dataclasses
import json
import re
import sys
import typing
import unittest
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import stablepay  # noqa: E402
from stablepay import _operations, models  # noqa: E402

DOCUMENT = json.loads((Path(__file__).resolve().parents[3] / "openapi.json").read_text())


def snake(name):
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()


class Surface(unittest.TestCase):
    def test_a_dataclass_per_component_schema(self):
        schemas = DOCUMENT["components"]["schemas"]
        self.assertEqual(sorted(models.MODELS), sorted(schemas))
        for name, schema in schemas.items():
            with self.subTest(schema=name):
                cls = getattr(stablepay, name)
                self.assertTrue(dataclasses.is_dataclass(cls))
                fields = {f.name for f in dataclasses.fields(cls)} - {"extra"}
                self.assertEqual(fields, set(schema.get("properties", {})))
                typing.get_type_hints(cls, vars(models))  # every annotation names something real

    def test_a_method_per_operation_and_an_iterator_per_paged_list(self):
        for path, ops in DOCUMENT["paths"].items():
            for method, op in ops.items():
                name = snake(op["operationId"])
                with self.subTest(operation=op["operationId"]):
                    self.assertTrue(callable(getattr(stablepay.Stablepay, name)), name)
                    typing.get_type_hints(getattr(stablepay.Stablepay, name), vars(_operations))
                    if method == "get" and any(p["name"] == "starting_after" for p in op.get("parameters", [])):
                        self.assertTrue(callable(getattr(stablepay.Stablepay, name.replace("list_", "iter_", 1))))

    def test_every_example_reads_into_its_model_and_back(self):
        for name, schema in DOCUMENT["components"]["schemas"].items():
            for example in schema.get("examples", []):
                with self.subTest(schema=name):
                    model = models.MODELS[name].from_dict(example)
                    self.assertEqual(model.to_dict(), example)
                    self.assertEqual(model.extra, {})

    def test_unknown_fields_are_kept_and_nested_models_typed(self):
        example = DOCUMENT["components"]["schemas"]["RefundList"]["examples"][0]
        page = stablepay.RefundList.from_dict({**example, "next_field": 1})
        self.assertEqual(page.extra, {"next_field": 1})
        self.assertTrue(all(isinstance(r, stablepay.Refund) for r in page.data))
        self.assertEqual(page["next_field"], 1)
        self.assertEqual(page.to_dict(), {**example, "next_field": 1})

    def test_versions(self):
        self.assertEqual(stablepay.API_VERSION, DOCUMENT["info"]["version"])
        pyproject = (Path(__file__).resolve().parents[1] / "pyproject.toml").read_text()
        self.assertIn(f'version = "{stablepay.VERSION}"', pyproject)
        self.assertTrue(stablepay.USER_AGENT.startswith(f"stablepay-client-python/{stablepay.VERSION} (API-Version {stablepay.API_VERSION}; Python "))


if __name__ == "__main__":
    unittest.main()
