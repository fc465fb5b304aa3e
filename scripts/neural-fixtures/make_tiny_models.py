#!/usr/bin/python3
"""Makes the tiny seeded models of test/fixtures/neural and the values the tests expect from them.

Run with Debian's python (python3-torch, python3-onnx): /usr/bin/python3 scripts/neural-fixtures/make_tiny_models.py

With --out DIR (and --layers, --hidden, --heads, --intermediate, --max-length) it writes only the two model
folders, of that shape, into DIR: the bench measures speed on such wider models; the tests never use them.

- tiny-encoder/: a 2-layer BERT-like encoder exported to ONNX with outputs last_hidden_state (layer 2) and
  hidden_states.1 (layer 1), for BERTScore.
- tiny-bleurt/: a 2-layer BERT-like regressor exported to ONNX with output logits ([batch, 1]), for BLEURT.
- Both share one WordPiece tokenizer.json (BertNormalizer lowercasing and stripping accents, BertPreTokenizer,
  [CLS] A [SEP] (B [SEP]) template), written by hand here.
- expected.json: BERTScore and BLEURT of the cases below, computed here independently of the TypeScript code:
  the tokenizer is re-implemented in plain Python (BERT's basic tokenizer + greedy WordPiece), each sentence
  goes through the torch model alone (no padding), and bert_score's math (score(..., idf=False) and idf=True,
  rescale with a baseline file) and BLEURT's pair handling run in float64.
"""
import argparse
import json
import math
import os
import unicodedata
from collections import Counter

import torch
from torch import nn

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'test', 'fixtures', 'neural')
MAX_LENGTH = 48
HIDDEN = 32
HEADS = 4
LAYERS = 2
INTERMEDIATE = 64

SPECIALS = ['[PAD]', '[UNK]', '[CLS]', '[SEP]', '[MASK]']
WORDS = (
    'ang ng mga sa na ay at si ni kay hindi oo ito iyan iyon siya sila kami tayo ako ikaw ka mo ko niya '
    'bahay araw gabi tubig pagkain kanin isda manok bigas pamilya magulang anak lola lolo kapitbahay '
    'pista simbahan bayan lungsod pilipinas maynila filipino tagalog wika kultura tradisyon paniniwala '
    'mabuti masama maganda malaki maliit mahal respeto po opo salamat dapat puwede kailangan gusto '
    'the a an is are was of to in and or not it this that yes no good bad house family food water '
    'rice fish church town people culture respect elders because should must can'
).split()
CHARS = list('abcdefghijklmnopqrstuvwxyz0123456789') + list('.,;:!?\'"-()')
VOCAB = SPECIALS + WORDS + CHARS + ['##' + c for c in 'abcdefghijklmnopqrstuvwxyz0123456789'] + ['##ng', '##an', '##in', '##ng', '##ay']
VOCAB = list(dict.fromkeys(VOCAB))
TOKEN_ID = {t: i for i, t in enumerate(VOCAB)}
PAD, UNK, CLS, SEP = (TOKEN_ID[t] for t in ('[PAD]', '[UNK]', '[CLS]', '[SEP]'))


# ---------------------------------------------------------------------------------------------- tokenizer
def tokenizer_json():
    added = [
        {'id': TOKEN_ID[t], 'content': t, 'single_word': False, 'lstrip': False, 'rstrip': False, 'normalized': False, 'special': True}
        for t in SPECIALS
    ]
    cls = {'SpecialToken': {'id': '[CLS]', 'type_id': 0}}
    return {
        'version': '1.0',
        'truncation': None,
        'padding': None,
        'added_tokens': added,
        'normalizer': {'type': 'BertNormalizer', 'clean_text': True, 'handle_chinese_chars': True, 'strip_accents': None, 'lowercase': True},
        'pre_tokenizer': {'type': 'BertPreTokenizer'},
        'post_processor': {
            'type': 'TemplateProcessing',
            'single': [cls, {'Sequence': {'id': 'A', 'type_id': 0}}, {'SpecialToken': {'id': '[SEP]', 'type_id': 0}}],
            'pair': [
                cls,
                {'Sequence': {'id': 'A', 'type_id': 0}},
                {'SpecialToken': {'id': '[SEP]', 'type_id': 0}},
                {'Sequence': {'id': 'B', 'type_id': 1}},
                {'SpecialToken': {'id': '[SEP]', 'type_id': 1}},
            ],
            'special_tokens': {
                '[CLS]': {'id': '[CLS]', 'ids': [CLS], 'tokens': ['[CLS]']},
                '[SEP]': {'id': '[SEP]', 'ids': [SEP], 'tokens': ['[SEP]']},
            },
        },
        'decoder': {'type': 'WordPiece', 'prefix': '##', 'cleanup': True},
        'model': {'type': 'WordPiece', 'unk_token': '[UNK]', 'continuing_subword_prefix': '##', 'max_input_chars_per_word': 100, 'vocab': TOKEN_ID},
    }


def is_punctuation(ch):
    cp = ord(ch)
    if 33 <= cp <= 47 or 58 <= cp <= 64 or 91 <= cp <= 96 or 123 <= cp <= 126:
        return True
    return unicodedata.category(ch).startswith('P')


def is_chinese(cp):
    return (
        0x4E00 <= cp <= 0x9FFF or 0x3400 <= cp <= 0x4DBF or 0x20000 <= cp <= 0x2A6DF or 0x2A700 <= cp <= 0x2B73F
        or 0x2B740 <= cp <= 0x2B81F or 0x2B820 <= cp <= 0x2CEAF or 0xF900 <= cp <= 0xFAFF or 0x2F800 <= cp <= 0x2FA1F
    )


def basic_tokens(text):
    """BERT's BasicTokenizer as BertNormalizer + BertPreTokenizer do it: clean, split CJK, lowercase, strip accents, split."""
    cleaned = []
    for ch in text:
        cp = ord(ch)
        if cp == 0 or cp == 0xFFFD or (unicodedata.category(ch) in ('Cc', 'Cf') and ch not in '\t\n\r'):
            continue
        if ch in ' \t\n\r' or unicodedata.category(ch) == 'Zs':
            cleaned.append(' ')
        elif is_chinese(cp):
            cleaned.append(' ' + ch + ' ')
        else:
            cleaned.append(ch)
    text = ''.join(cleaned).lower()
    text = ''.join(c for c in unicodedata.normalize('NFD', text) if unicodedata.category(c) != 'Mn')
    out = []
    for word in text.split():
        current = ''
        for ch in word:
            if is_punctuation(ch):
                if current:
                    out.append(current)
                    current = ''
                out.append(ch)
            else:
                current += ch
        if current:
            out.append(current)
    return out


def wordpiece(word):
    if len(word) > 100:
        return [UNK]
    pieces, start = [], 0
    while start < len(word):
        end, found = len(word), None
        while start < end:
            piece = word[start:end] if start == 0 else '##' + word[start:end]
            if piece in TOKEN_ID:
                found = TOKEN_ID[piece]
                break
            end -= 1
        if found is None:
            return [UNK]
        pieces.append(found)
        start = end
    return pieces


def content_ids(text):
    return [i for w in basic_tokens(text) for i in wordpiece(w)]


def bertscore_ids(sentence):
    """bert_score's sent_encode: strip, encode with special tokens, truncate the content to keep them."""
    content = content_ids(sentence.strip()) if sentence.strip() != '' else []
    return [CLS] + content[: MAX_LENGTH - 2] + [SEP]


def bleurt_ids(reference, candidate):
    """(reference, candidate) with [CLS] A [SEP] B [SEP], types 0 then 1, longest_first truncation (ties cut B)."""
    a, b = content_ids(reference), content_ids(candidate)
    truncated = False
    while len(a) + len(b) > MAX_LENGTH - 3:
        truncated = True
        if len(a) > len(b):
            a = a[:-1]
        else:
            b = b[:-1]
    ids = [CLS] + a + [SEP] + b + [SEP]
    types = [0] * (len(a) + 2) + [1] * (len(b) + 1)
    return ids, types, truncated


# ------------------------------------------------------------------------------------------------- models
class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.word = nn.Embedding(len(VOCAB), HIDDEN)
        self.position = nn.Embedding(MAX_LENGTH, HIDDEN)
        self.token_type = nn.Embedding(2, HIDDEN)
        self.norm = nn.LayerNorm(HIDDEN)
        self.layers = nn.ModuleList(
            [nn.TransformerEncoderLayer(HIDDEN, HEADS, INTERMEDIATE, dropout=0.0, activation='gelu', batch_first=True) for _ in range(LAYERS)]
        )
        for p in self.parameters():
            if p.dim() > 1:
                nn.init.normal_(p, std=0.4)

    def hidden_states(self, input_ids, attention_mask, token_type_ids):
        positions = torch.arange(input_ids.shape[1]).unsqueeze(0)
        h = self.norm(self.word(input_ids) + self.position(positions) + self.token_type(token_type_ids))
        states = [h]
        bias = (1.0 - attention_mask.to(torch.float32)) * -10000.0
        mask = bias.unsqueeze(1).unsqueeze(2).expand(-1, HEADS, input_ids.shape[1], -1).reshape(-1, input_ids.shape[1], input_ids.shape[1])
        for layer in self.layers:
            h = layer(h, src_mask=mask)
            states.append(h)
        return states


class EncoderExport(nn.Module):
    def __init__(self, encoder):
        super().__init__()
        self.encoder = encoder

    def forward(self, input_ids, attention_mask, token_type_ids):
        states = self.encoder.hidden_states(input_ids, attention_mask, token_type_ids)
        return states[LAYERS], states[1]


class Regressor(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = Encoder()
        self.head = nn.Linear(HIDDEN, 1)
        nn.init.normal_(self.head.weight, std=0.3)

    def forward(self, input_ids, attention_mask, token_type_ids):
        return self.head(torch.tanh(self.encoder.hidden_states(input_ids, attention_mask, token_type_ids)[LAYERS][:, 0]))


def export(model, path, outputs):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    dummy = (torch.tensor([[CLS, 10, 11, SEP]]), torch.ones(1, 4, dtype=torch.long), torch.zeros(1, 4, dtype=torch.long))
    axes = {'input_ids': {0: 'batch', 1: 'sequence'}, 'attention_mask': {0: 'batch', 1: 'sequence'}, 'token_type_ids': {0: 'batch', 1: 'sequence'}}
    for name in outputs:
        axes[name] = {0: 'batch'} if name == 'logits' else {0: 'batch', 1: 'sequence'}
    torch.onnx.export(
        model, dummy, path, input_names=['input_ids', 'attention_mask', 'token_type_ids'], output_names=outputs,
        dynamic_axes=axes, opset_version=14, do_constant_folding=True,
    )


def write_folder(folder, config, tokenizer_config):
    os.makedirs(os.path.join(folder, 'onnx'), exist_ok=True)
    with open(os.path.join(folder, 'config.json'), 'w') as f:
        json.dump(config, f, indent=2)
        f.write('\n')
    with open(os.path.join(folder, 'tokenizer_config.json'), 'w') as f:
        json.dump(tokenizer_config, f, indent=2)
        f.write('\n')
    with open(os.path.join(folder, 'tokenizer.json'), 'w') as f:
        json.dump(tokenizer_json(), f, ensure_ascii=False)
        f.write('\n')


# -------------------------------------------------------------------------------------------------- cases
LONG = ' '.join(['ang mabuting pamilya ay may respeto sa mga magulang'] * 8)
GROUPS = [
    {'hypothesis': 'Ang pamilya ay mahal at may respeto sa mga magulang.', 'references': [
        'Mahal ng pamilya ang mga magulang.', 'Dapat igalang ang mga lola at lolo.', 'Hindi, ang isda ay nasa tubig.', 'the family respects elders.']},
    {'hypothesis': 'Oo, dapat tayong magsimba tuwing pista sa bayan!', 'references': [
        'Ang pista ay sa simbahan ng bayan.', 'Hindi kailangan magsimba.', 'Oo.']},
    {'hypothesis': '', 'references': ['Ang kanin ay pagkain.', 'Walang sagot.']},
    {'hypothesis': '   \n\t ', 'references': ['Ang kanin ay pagkain.', 'Kanin.']},
    {'hypothesis': 'Kanin at isda ang pagkain.', 'references': ['', '  ', 'Ang kanin ay pagkain.']},
    {'hypothesis': 'ÁNG MABUTING Pamilya ay Nagmamahal.', 'references': ['ang mabuting pamilya ay nagmamahal.', 'Ang Pamílya ay Mabuti.', 'Pagkain 食物 😀.']},
    {'hypothesis': LONG, 'references': [LONG + ' at iba pa', 'Ang mabuting pamilya.', LONG]},
    {'hypothesis': 'Ang mabuting pamilya.', 'references': [LONG, 'Pamilya.']},
    {'hypothesis': 'The culture of respect: po and opo!', 'references': ['Respect elders: say po and opo.', 'Rice and fish.']},
]

BASELINE = [(0, 0.21, 0.22, 0.2), (1, 0.31, 0.32, 0.3), (2, 0.41, 0.42, 0.4)]


def embed(encoder, ids, layer):
    with torch.no_grad():
        t = torch.tensor([ids])
        return encoder.hidden_states(t, torch.ones_like(t), torch.zeros_like(t))[layer][0].to(torch.float64)


def greedy(hyp_ids, ref_ids, hyp_emb, ref_emb, idf):
    """bert_score's greedy_cos_idf for one pair, float64."""
    h = hyp_emb / hyp_emb.norm(dim=-1, keepdim=True)
    r = ref_emb / ref_emb.norm(dim=-1, keepdim=True)
    sim = h @ r.T
    hyp_w = torch.tensor([idf(i) for i in hyp_ids], dtype=torch.float64)
    ref_w = torch.tensor([idf(i) for i in ref_ids], dtype=torch.float64)
    p = float((sim.max(dim=1).values * hyp_w / hyp_w.sum()).sum())
    r_ = float((sim.max(dim=0).values * ref_w / ref_w.sum()).sum())
    if len(hyp_ids) == 2 or len(ref_ids) == 2:
        p, r_ = 0.0, 0.0
    f = 2 * p * r_ / (p + r_) if (p + r_) != 0 and not math.isnan(p + r_) else 0.0
    return p, r_, f


def plain_idf(i):
    return 0.0 if i in (CLS, SEP) else 1.0


def idf_from(references):
    counts = Counter(i for ref in references for i in set(bertscore_ids(ref)))
    n = len(references)
    return lambda i: math.log((n + 1) / (counts.get(i, 0) + 1))


def main():
    global MAX_LENGTH, HIDDEN, HEADS, LAYERS, INTERMEDIATE
    parser = argparse.ArgumentParser(description='the tiny models of test/fixtures/neural and their expected values')
    parser.add_argument('--out', help='write only the model folders, into this folder')
    parser.add_argument('--layers', type=int, default=LAYERS)
    parser.add_argument('--hidden', type=int, default=HIDDEN)
    parser.add_argument('--heads', type=int, default=HEADS)
    parser.add_argument('--intermediate', type=int, default=INTERMEDIATE)
    parser.add_argument('--max-length', type=int, default=MAX_LENGTH)
    args = parser.parse_args()
    if args.out is None and (args.layers, args.hidden, args.heads, args.intermediate, args.max_length) != (LAYERS, HIDDEN, HEADS, INTERMEDIATE, MAX_LENGTH):
        parser.error('another shape needs --out: the fixtures and expected.json keep theirs')
    LAYERS, HIDDEN, HEADS, INTERMEDIATE, MAX_LENGTH = args.layers, args.hidden, args.heads, args.intermediate, args.max_length
    root = ROOT if args.out is None else args.out

    torch.manual_seed(16)
    encoder = Encoder().eval()
    regressor = Regressor().eval()

    enc_dir = os.path.join(root, 'tiny-encoder')
    write_folder(enc_dir, {'model_type': 'bert', '_name_or_path': 'tiny-encoder', 'num_hidden_layers': LAYERS, 'hidden_size': HIDDEN, 'max_position_embeddings': MAX_LENGTH, 'vocab_size': len(VOCAB)},
                 {'tokenizer_class': 'BertTokenizer', 'model_max_length': MAX_LENGTH, 'do_lower_case': True, 'cls_token': '[CLS]', 'sep_token': '[SEP]', 'pad_token': '[PAD]', 'unk_token': '[UNK]'})
    export(EncoderExport(encoder), os.path.join(enc_dir, 'onnx', 'model.onnx'), ['last_hidden_state', 'hidden_states.1'])

    bleurt_dir = os.path.join(root, 'tiny-bleurt')
    write_folder(bleurt_dir, {'model_type': 'bleurt', '_name_or_path': 'tiny-bleurt', 'num_hidden_layers': LAYERS, 'hidden_size': HIDDEN, 'max_position_embeddings': MAX_LENGTH, 'vocab_size': len(VOCAB), 'num_labels': 1},
                 {'tokenizer_class': 'BertTokenizer', 'model_max_length': MAX_LENGTH, 'do_lower_case': True, 'cls_token': '[CLS]', 'sep_token': '[SEP]', 'pad_token': '[PAD]', 'unk_token': '[UNK]'})
    export(regressor, os.path.join(bleurt_dir, 'onnx', 'model.onnx'), ['logits'])
    if args.out is not None:
        return

    with open(os.path.join(ROOT, 'baseline.tsv'), 'w') as f:
        f.write('LAYER,P,R,F\n')
        for row in BASELINE:
            f.write(','.join(str(x) for x in row) + '\n')

    cases = []
    for group in GROUPS:
        hyp = group['hypothesis']
        refs = group['references']
        idf = idf_from(refs)
        per_ref = []
        for ref in refs:
            h_ids, r_ids = bertscore_ids(hyp), bertscore_ids(ref)
            entry = {'reference': ref, 'hypothesisTokens': len(h_ids), 'referenceTokens': len(r_ids)}
            for layer in (1, 2):
                p, r, f = greedy(h_ids, r_ids, embed(encoder, h_ids, layer), embed(encoder, r_ids, layer), plain_idf)
                entry[f'layer{layer}'] = {'P': p, 'R': r, 'F': f}
            _, _, f_idf = greedy(h_ids, r_ids, embed(encoder, h_ids, 2), embed(encoder, r_ids, 2), idf)
            entry['layer2Idf'] = f_idf
            base_f = BASELINE[2][3]
            entry['layer2Rescaled'] = (entry['layer2']['F'] - base_f) / (1 - base_f)
            ids, types, truncated = bleurt_ids(ref, hyp)
            with torch.no_grad():
                t = torch.tensor([ids])
                logit = float(regressor(t, torch.ones_like(t), torch.tensor([types]))[0, 0])
            entry['bleurt'] = {'score': logit, 'tokens': len(ids), 'truncated': truncated}
            per_ref.append(entry)
        cases.append({'hypothesis': hyp, 'references': per_ref})

    expected = {
        'note': 'made by scripts/neural-fixtures/make_tiny_models.py; do not edit',
        'maxLength': MAX_LENGTH,
        'baseline': {'file': 'baseline.tsv', 'layer': 2},
        'cases': cases,
    }
    with open(os.path.join(ROOT, 'expected.json'), 'w') as f:
        json.dump(expected, f, indent=1, ensure_ascii=False)
        f.write('\n')


if __name__ == '__main__':
    main()
